import {
  ONE_OF_TEXT,
  RECOVERY_CODE_TEXT,
  TOTP_CODE_TEXT,
  recoveryCodeSchema,
  secondFactorCodeSchema,
  totpCodeSchema,
} from './second-factor';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('the authenticator code', () => {
  it('is six digits; the spaces apps show are removed', () => {
    expect(totpCodeSchema.parse({ code: '123456' })).toEqual({ code: '123456' });
    expect(totpCodeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
  });

  it.each(['', '   ', '12345', '1234567', '12345a', '١٢٣٤٥٦', '123-456'])('refuses %p in words', (code) => {
    expect(firstMessage(totpCodeSchema.safeParse({ code }))).toBe(TOTP_CODE_TEXT);
  });

  it('refuses what is not text, and overlong input, in the same words', () => {
    expect(firstMessage(totpCodeSchema.safeParse({ code: 123456 }))).toBe(TOTP_CODE_TEXT);
    expect(firstMessage(totpCodeSchema.safeParse({}))).toBe(TOTP_CODE_TEXT);
    expect(firstMessage(totpCodeSchema.safeParse({ code: '1'.repeat(21) }))).toBe(TOTP_CODE_TEXT);
  });
});

describe('the recovery code', () => {
  it.each(['abcde-fghjk', 'ABCDE FGHJK', ' abcdefghjk ', 'ab-cd-ef-gh-jk'])('takes %p', (recoveryCode) => {
    expect(recoveryCodeSchema.safeParse({ recoveryCode }).success).toBe(true);
  });

  it.each(['', 'abcde-fghj', 'abcde-fghjkm', 'abcde!fghjk', 'x'.repeat(41)])(
    'refuses %p in words',
    (code) => {
      expect(firstMessage(recoveryCodeSchema.safeParse({ recoveryCode: code }))).toBe(RECOVERY_CODE_TEXT);
    },
  );
});

describe('the second step body', () => {
  it('takes a code or a recovery code', () => {
    expect(secondFactorCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(secondFactorCodeSchema.parse({ recoveryCode: 'abcde-fghjk' })).toEqual({
      recoveryCode: 'abcde-fghjk',
    });
  });

  it('refuses neither and both, in words', () => {
    expect(firstMessage(secondFactorCodeSchema.safeParse({}))).toBe(ONE_OF_TEXT);
    expect(
      firstMessage(secondFactorCodeSchema.safeParse({ code: '123456', recoveryCode: 'abcde-fghjk' })),
    ).toBe(ONE_OF_TEXT);
  });
});
