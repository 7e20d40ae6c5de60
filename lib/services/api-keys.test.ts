import { createHash } from 'node:crypto';
import { apiKeyHash, bearerKey, newApiKey } from './api-keys';

jest.mock('@/lib/db', () => ({ db: {} }));

describe('newApiKey', () => {
  it('is rk_ and 32 random bytes in base64url, its SHA-256 and its first 11 characters', () => {
    const { key, keyHash, prefix } = newApiKey();
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(3), 'base64url')).toHaveLength(32);
    expect(keyHash).toBe(createHash('sha256').update(key).digest('base64url'));
    expect(prefix).toBe(key.slice(0, 11));
    expect(newApiKey().key).not.toBe(key);
  });

  it('hashes the whole key', () => {
    expect(apiKeyHash('rk_a')).not.toBe(apiKeyHash('rk_b'));
  });
});

describe('bearerKey', () => {
  it.each([
    ['Bearer rk_abc', 'rk_abc'],
    ['bearer   rk_abc  ', 'rk_abc'],
    ['BEARER\trk_abc', 'rk_abc'],
  ])('%j → the key', (header, key) => expect(bearerKey(header)).toBe(key));

  it.each([null, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b', 'rk_abc', 'Token rk_abc'])(
    '%j → none',
    (header) => expect(bearerKey(header)).toBeNull(),
  );
});
