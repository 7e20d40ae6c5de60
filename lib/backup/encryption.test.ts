import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptingStream, encryptingStream, parseParameters } from './encryption';
import { ENCRYPTED_MAGIC_LINE } from './format';

const summary = {
  createdAt: '2026-11-27T02:30:00.000Z',
  appVersion: '0.1.0',
  lastMigration: 'm',
  reason: 'manual' as const,
};

async function encrypt(plain: Buffer, passphrase: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from([plain.subarray(0, 1000), plain.subarray(1000)]),
    await encryptingStream(passphrase, summary),
    new Writable({ write: (c: Buffer, _e, done) => (parts.push(c), done()) }),
  );
  return Buffer.concat(parts);
}

async function decrypt(file: Buffer, passphrase: string): Promise<Buffer> {
  const firstEnd = file.indexOf(0x0a);
  const secondEnd = file.indexOf(0x0a, firstEnd + 1);
  expect(file.subarray(0, firstEnd + 1).toString()).toBe(ENCRYPTED_MAGIC_LINE);
  const params = parseParameters(file.subarray(firstEnd + 1, secondEnd).toString());
  const decipher = await decryptingStream(passphrase, params, file.subarray(0, secondEnd + 1));
  const parts: Buffer[] = [];
  const rest = file.subarray(secondEnd + 1);
  // Odd-sized pieces: chunk boundaries must not matter.
  const pieces = Array.from({ length: Math.ceil(rest.length / 777) }, (_, i) =>
    rest.subarray(i * 777, (i + 1) * 777),
  );
  await pipeline(
    Readable.from(pieces),
    decipher,
    new Writable({ write: (c: Buffer, _e, done) => (parts.push(c), done()) }),
  );
  return Buffer.concat(parts);
}

describe('backup encryption (AES-256-GCM in chunks, scrypt)', () => {
  const plain = randomBytes(200 * 1024 + 123);
  let file: Buffer;
  beforeAll(async () => {
    file = await encrypt(plain, 'correct horse battery staple');
  });

  it('round-trips across several chunks, and the summary stays readable', async () => {
    expect((await decrypt(file, 'correct horse battery staple')).equals(plain)).toBe(true);
    expect(file.includes(plain.subarray(0, 64))).toBe(false);
    expect(file.toString('latin1')).toContain('"lastMigration":"m"');
  });

  it('refuses a wrong passphrase before decrypting anything', async () => {
    await expect(decrypt(file, 'wrong')).rejects.toMatchObject({ code: 'wrong-passphrase' });
  });

  it('refuses a file cut off at a chunk boundary or in a chunk', async () => {
    const firstChunkEnd = file.indexOf(0x0a, file.indexOf(0x0a) + 1) + 1 + 4 + 64 * 1024 + 16;
    await expect(
      decrypt(file.subarray(0, firstChunkEnd), 'correct horse battery staple'),
    ).rejects.toMatchObject({
      code: 'truncated',
    });
    await expect(
      decrypt(file.subarray(0, file.length - 10), 'correct horse battery staple'),
    ).rejects.toMatchObject({
      code: 'truncated',
    });
  });

  it('refuses a changed byte, a changed summary and data after the end', async () => {
    const changed = Buffer.from(file);
    changed[changed.length - 5000] = changed[changed.length - 5000]! ^ 1;
    await expect(decrypt(changed, 'correct horse battery staple')).rejects.toMatchObject({ code: 'damaged' });
    const relabelled = Buffer.from(
      file.toString('latin1').replace('"lastMigration":"m"', '"lastMigration":"n"'),
      'latin1',
    );
    await expect(decrypt(relabelled, 'correct horse battery staple')).rejects.toMatchObject({
      code: 'damaged',
    });
    await expect(
      decrypt(Buffer.concat([file, Buffer.from('more')]), 'correct horse battery staple'),
    ).rejects.toMatchObject({
      code: 'damaged',
    });
  });
});
