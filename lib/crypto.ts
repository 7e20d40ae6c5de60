import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for data at rest (clients' bank details). The stored form is `v1.<iv>.<tag>.<ciphertext>` in
 * base64url: a fresh 96-bit IV each time, and GCM's tag makes any tampering fail to decrypt.
 */
const VERSION = 'v1';

export function encrypt(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decrypt(stored: string, key: Buffer): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('Unrecognised encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A keyed hash (HMAC-SHA256) of a UK bank account, sort code and account number as digits only, for finding
 * the same account on two clients without decrypting every row. The HMAC key is derived from the encryption
 * key, so the stored hash says nothing to someone who has the database but not the key (a plain hash of 14
 * digits could be reversed by trying them all).
 */
export function bankAccountHash(sortCode: string, accountNumber: string, key: Buffer): string {
  const hashKey = createHmac('sha256', key).update('bank-account-hash:v1').digest();
  const digits = `${sortCode.replace(/\D/g, '')}:${accountNumber.replace(/\D/g, '')}`;
  return createHmac('sha256', hashKey).update(digits).digest('base64url');
}
