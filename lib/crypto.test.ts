import { randomBytes } from 'node:crypto';
import { decrypt, encrypt } from './crypto';

describe('AES-256-GCM at rest', () => {
  const key = randomBytes(32);

  it('round-trips, and never stores the plain text', () => {
    const stored = encrypt('12345678', key);
    expect(stored).not.toContain('12345678');
    expect(decrypt(stored, key)).toBe('12345678');
  });

  it('uses a fresh IV each time', () => {
    expect(encrypt('12-34-56', key)).not.toBe(encrypt('12-34-56', key));
  });

  it('refuses a tampered value or the wrong key', () => {
    const stored = encrypt('12345678', key);
    const parts = stored.split('.');
    parts[3] = Buffer.from('87654321').toString('base64url');
    expect(() => decrypt(parts.join('.'), key)).toThrow();
    expect(() => decrypt(stored, randomBytes(32))).toThrow();
  });
});
