/**
 * Encryption of a backup with a passphrase: AES-256-GCM in authenticated chunks, the key from scrypt with a
 * random salt. The file starts with ENCRYPTED_MAGIC_LINE and one JSON line of parameters (EncryptionParameters),
 * then chunks: [4-byte length n][n bytes of ciphertext][16-byte tag]. Each chunk's nonce is the file's random
 * 8-byte prefix and the chunk's number; its additional data is a hash of the first two lines, the chunk's number
 * and whether it is the last one. So a changed byte, a reordered, dropped or added chunk, a changed parameter or
 * a cut-off end (no chunk marked last) is refused, and a wrong passphrase is refused by the check value before
 * anything is decrypted.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupError, ENCRYPTED_MAGIC_LINE, type EncryptionParameters } from './format';

const KDF = { N: 2 ** 15, r: 8, p: 1 };
const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;

async function deriveKeys(
  passphrase: string,
  params: Pick<EncryptionParameters, 'N' | 'r' | 'p' | 'salt'>,
): Promise<{ key: Buffer; check: string }> {
  if (params.N > 2 ** 20 || params.r > 32 || params.p > 16) {
    throw new BackupError('damaged', 'The backup file is damaged (its encryption parameters are not valid).');
  }
  const out = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(params.salt, 'base64'),
      64,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
  return {
    key: out.subarray(0, 32),
    check: createHash('sha256').update(out.subarray(32)).digest('hex'),
  };
}

const aad = (prelude: Buffer, index: number, last: boolean) => {
  const b = Buffer.alloc(32 + 9);
  createHash('sha256').update(prelude).digest().copy(b, 0);
  b.writeBigUInt64BE(BigInt(index), 32);
  b[40] = last ? 1 : 0;
  return b;
};

const nonce = (prefix: Buffer, index: number) => {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, 8);
  return n;
};

/** A stream that encrypts what goes through it; its output is a whole encrypted file. */
export async function encryptingStream(
  passphrase: string,
  summary: EncryptionParameters['summary'],
): Promise<Transform> {
  const salt = randomBytes(16).toString('base64');
  const { key, check } = await deriveKeys(passphrase, { ...KDF, salt });
  const noncePrefix = randomBytes(8);
  const params: EncryptionParameters = {
    cipher: 'aes-256-gcm',
    kdf: 'scrypt',
    ...KDF,
    salt,
    check,
    noncePrefix: noncePrefix.toString('base64'),
    chunkBytes: CHUNK_BYTES,
    summary,
  };
  const prelude = Buffer.from(`${ENCRYPTED_MAGIC_LINE}${JSON.stringify(params)}\n`);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    if (index >= 2 ** 32) throw new Error('backup too large to encrypt');
    const cipher = createCipheriv('aes-256-gcm', key, nonce(noncePrefix, index));
    cipher.setAAD(aad(prelude, index, last));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    index += 1;
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, body, cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        if (!started) {
          this.push(prelude);
          started = true;
        }
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes > CHUNK_BYTES) {
          const all = Buffer.concat(pending);
          this.push(seal(all.subarray(0, CHUNK_BYTES), false));
          pending = [all.subarray(CHUNK_BYTES)];
          pendingBytes = pending[0]!.length;
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!started) this.push(prelude);
        this.push(seal(Buffer.concat(pending), true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** Parses the parameters line of an encrypted file (the magic line already checked). */
export function parseParameters(line: string): EncryptionParameters {
  let params: EncryptionParameters;
  try {
    params = JSON.parse(line) as EncryptionParameters;
  } catch {
    throw new BackupError('damaged', 'The backup file is damaged: its encryption header cannot be read.');
  }
  if (
    params?.cipher !== 'aes-256-gcm' ||
    params.kdf !== 'scrypt' ||
    typeof params.salt !== 'string' ||
    typeof params.check !== 'string' ||
    typeof params.noncePrefix !== 'string' ||
    !Number.isInteger(params.N) ||
    !Number.isInteger(params.r) ||
    !Number.isInteger(params.p)
  ) {
    throw new BackupError('damaged', 'The backup file is damaged: its encryption header is not valid.');
  }
  return params;
}

/**
 * A stream that decrypts the chunks that follow the two header lines (`prelude` is those lines, exactly as in
 * the file). Refuses a wrong passphrase before it returns.
 */
export async function decryptingStream(
  passphrase: string,
  params: EncryptionParameters,
  prelude: Buffer,
): Promise<Transform> {
  const { key, check } = await deriveKeys(passphrase, params);
  const expected = Buffer.from(params.check, 'hex');
  const actual = Buffer.from(check, 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new BackupError(
      'wrong-passphrase',
      'The passphrase does not open this backup. Set BACKUP_PASSPHRASE to the passphrase it was made with.',
    );
  }
  const prefix = Buffer.from(params.noncePrefix, 'base64');
  let buffered: Buffer = Buffer.alloc(0);
  let index = 0;
  let finished = false;
  const damaged = () =>
    new BackupError('damaged', 'The backup file is damaged or was changed: a part of it fails its check.');
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      try {
        for (;;) {
          if (finished) {
            if (buffered.length) throw damaged();
            break;
          }
          if (buffered.length < 4) break;
          const n = buffered.readUInt32BE(0);
          if (n > MAX_CHUNK_BYTES) throw damaged();
          if (buffered.length < 4 + n + TAG_BYTES) break;
          const body = buffered.subarray(4, 4 + n);
          const tag = buffered.subarray(4 + n, 4 + n + TAG_BYTES);
          buffered = buffered.subarray(4 + n + TAG_BYTES);
          // The last chunk is the one after which the file ends: try "not last" first, then "last".
          let plain: Buffer | null = null;
          for (const last of buffered.length === 0 ? [false, true] : [false]) {
            try {
              const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, index));
              decipher.setAAD(aad(prelude, index, last));
              decipher.setAuthTag(tag);
              plain = Buffer.concat([decipher.update(body), decipher.final()]);
              finished = last;
              break;
            } catch {
              plain = null;
            }
          }
          if (!plain) throw damaged();
          index += 1;
          this.push(plain);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      if (!finished) {
        done(
          new BackupError(
            'truncated',
            'The backup file is incomplete (it ends too soon): it was cut off while being written or copied.',
          ),
        );
        return;
      }
      done();
    },
  });
}
