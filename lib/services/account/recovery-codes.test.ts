import {
  RECOVERY_CODE_COUNT,
  newRecoveryCode,
  normaliseRecoveryCode,
  recoveryCodeHash,
} from './recovery-codes';

describe('recovery codes', () => {
  it('are ten', () => {
    expect(RECOVERY_CODE_COUNT).toBe(10);
  });

  it('are 10 Crockford base32 characters shown as xxxxx-xxxxx', () => {
    for (let i = 0; i < 200; i++) {
      expect(newRecoveryCode()).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    }
  });

  it('differ from one another (50 random bits each)', () => {
    const codes = new Set(Array.from({ length: 1000 }, newRecoveryCode));
    expect(codes.size).toBe(1000);
  });

  it('use every character of the alphabet (each byte gives 5 uniform bits)', () => {
    const seen = new Set(Array.from({ length: 300 }, newRecoveryCode).join('').replace(/-/g, ''));
    expect(seen.size).toBe(32);
  });

  it('are read back whatever the spacing, dashes and case', () => {
    expect(normaliseRecoveryCode('abcde-fghjk')).toBe('abcdefghjk');
    expect(normaliseRecoveryCode('  ABCDE FGHJK ')).toBe('abcdefghjk');
    expect(normaliseRecoveryCode('abcdefghjk')).toBe('abcdefghjk');
    expect(normaliseRecoveryCode('ab-cd-ef-gh-jk')).toBe('abcdefghjk');
    expect(normaliseRecoveryCode('abcde–fghjk')).toBe('abcdefghjk'); // an en dash, as phones type
  });

  it("read Crockford's look-alikes as the digit they look like", () => {
    expect(normaliseRecoveryCode('O0IL1-oil1x')).toBe('001110111x');
  });

  it('refuse what cannot be a code', () => {
    expect(normaliseRecoveryCode('')).toBeNull();
    expect(normaliseRecoveryCode('abcde-fghj')).toBeNull(); // 9 characters
    expect(normaliseRecoveryCode('abcde-fghjkm')).toBeNull(); // 11
    expect(normaliseRecoveryCode('abcde-fghju')).toBeNull(); // U is not in the alphabet
    expect(normaliseRecoveryCode('abcde!fghjk')).toBeNull();
  });

  it('hash the code bound to its account', () => {
    const code = normaliseRecoveryCode(newRecoveryCode())!;
    expect(recoveryCodeHash('a', code)).toBe(recoveryCodeHash('a', code));
    expect(recoveryCodeHash('a', code)).not.toBe(recoveryCodeHash('b', code));
    expect(recoveryCodeHash('a', code)).not.toContain(code);
  });
});
