/**
 * Reads a backup file: tells ours from anything else, decrypts and decompresses it, checks its header, and
 * hands out each table's COPY text in turn. Every way a file can be wrong ends in a BackupError whose message
 * says what to do.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { decryptingStream, parseParameters } from './encryption';
import {
  APP_ID,
  BackupError,
  ENCRYPTED_MAGIC_LINE,
  FORMAT_VERSION,
  MAGIC_LINE,
  type BackupHeader,
  type EncryptionParameters,
  type TableEntry,
} from './format';

const MAX_HEADER_BYTES = 16 * 1024 * 1024;

const notOurs = () =>
  new BackupError(
    'not-a-backup',
    'This file is not a Smile Referrals backup (it was made by something else, or is not a backup at all). Choose a file that `npm run backup` wrote: its name starts with smile-referrals-.',
  );
const truncated = () =>
  new BackupError(
    'truncated',
    'The backup file is incomplete (it ends too soon): it was cut off while being written or copied. Use another backup.',
  );
const damaged = (what: string) =>
  new BackupError('damaged', `The backup file is damaged or was changed (${what}). Use another backup.`);

/** Pulls exact byte counts and lines out of a stream of chunks. */
class ByteSource {
  private buffered: Buffer = Buffer.alloc(0);
  private done = false;
  constructor(private readonly iterator: AsyncIterator<Buffer>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.iterator.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    return true;
  }

  /** The next line without its '\n'; null when the stream ends first or the line is longer than `max`. */
  async readLine(max: number): Promise<Buffer | null> {
    for (;;) {
      const at = this.buffered.indexOf(0x0a);
      if (at >= 0) {
        const line = this.buffered.subarray(0, at);
        this.buffered = this.buffered.subarray(at + 1);
        return line;
      }
      if (this.buffered.length > max) return null;
      if (!(await this.fill())) return null;
    }
  }

  /** Up to `n` bytes, fewer only when the stream ends. */
  async peek(n: number): Promise<Buffer> {
    while (this.buffered.length < n && (await this.fill()));
    return this.buffered.subarray(0, n);
  }

  /** Exactly `n` bytes, in pieces; throws `onShort()` when the stream ends first. */
  async *take(n: number, onShort: () => Error): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.buffered.length === 0 && !(await this.fill())) throw onShort();
      const piece = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  async atEnd(): Promise<boolean> {
    while (this.buffered.length === 0) if (!(await this.fill())) return true;
    return false;
  }

  /** What is left, as a stream. */
  rest(): Readable {
    const drain = async function* (this: ByteSource): AsyncGenerator<Buffer> {
      if (this.buffered.length) yield this.buffered;
      this.buffered = Buffer.alloc(0);
      while (await this.fill()) {
        const chunk = this.buffered;
        this.buffered = Buffer.alloc(0);
        yield chunk;
      }
    };
    return Readable.from(drain.call(this), { objectMode: false });
  }
}

/** zlib's and the file system's errors, in the operator's words. */
function explain(error: unknown): Error {
  if (error instanceof BackupError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e?.message ?? '')) return truncated();
  if (e?.code === 'Z_DATA_ERROR' || e?.code === 'ERR_ZLIB_INPUT')
    return damaged('its compressed data is not valid');
  if (e?.code === 'ENOENT')
    return new BackupError('not-a-backup', `There is no file at ${e.path ?? 'that path'}.`);
  if (e?.code === 'EISDIR') return new BackupError('not-a-backup', 'That is a folder, not a backup file.');
  return error as Error;
}

export interface OpenBackup {
  header: BackupHeader;
  encrypted: boolean;
  /** The next table's COPY text (call in the header's order, each one read to its end). */
  readTable(entry: TableEntry): AsyncGenerator<Buffer>;
  /** Checks that nothing follows the last table, and that the file's end is sound. */
  end(): Promise<void>;
  close(): void;
}

export interface Peek {
  encrypted: boolean;
  params: EncryptionParameters | null;
}

/** Opens a backup and reads its header. */
export async function openBackup(file: string, passphrase?: string): Promise<OpenBackup> {
  const raw = fs.createReadStream(file);
  const rawSource = new ByteSource(raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const close = () => raw.destroy();
  try {
    const first = await rawSource.peek(ENCRYPTED_MAGIC_LINE.length).catch((e: unknown) => {
      throw explain(e);
    });
    let encrypted = false;
    const stages: NodeJS.ReadWriteStream[] = [];
    let input: Readable;
    if (first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b) {
      input = rawSource.rest();
    } else if (first.toString('latin1') === ENCRYPTED_MAGIC_LINE) {
      encrypted = true;
      const magic = (await rawSource.readLine(64))!;
      const line = await rawSource.readLine(64 * 1024);
      if (!line) throw truncated();
      const params = parseParameters(line.toString('utf8'));
      if (!passphrase) {
        throw new BackupError(
          'passphrase-needed',
          'This backup is encrypted. Set BACKUP_PASSPHRASE to the passphrase it was made with (and, for npm run restore, add --passphrase-from-env).',
        );
      }
      const prelude = Buffer.concat([magic, Buffer.from('\n'), line, Buffer.from('\n')]);
      stages.push(await decryptingStream(passphrase, params, prelude));
      input = rawSource.rest();
    } else {
      throw notOurs();
    }
    stages.push(createGunzip());
    const output = (pipeline as unknown as (...s: unknown[]) => Readable)(input, ...stages, () => {});
    const source = new ByteSource(output[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
    const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (error) {
        throw explain(error);
      }
    };

    const magicLine = await guarded(() => source.readLine(MAGIC_LINE.length));
    if (!magicLine || `${magicLine.toString('latin1')}\n` !== MAGIC_LINE) {
      const other = magicLine?.toString('latin1') ?? '';
      if (/^SMILE-REFERRALS-BACKUP \d+$/.test(other)) {
        throw new BackupError(
          'unsupported-format',
          'This backup was made by a newer version of Smile Referrals (a newer file format). Upgrade the app first, then restore.',
        );
      }
      throw notOurs();
    }
    const headerLine = await guarded(() => source.readLine(MAX_HEADER_BYTES));
    if (!headerLine) throw truncated();
    let header: BackupHeader;
    try {
      header = JSON.parse(headerLine.toString('utf8')) as BackupHeader;
    } catch {
      throw damaged('its header cannot be read');
    }
    if (header?.app !== APP_ID) throw notOurs();
    if (header.formatVersion !== FORMAT_VERSION || !Array.isArray(header.tables)) {
      throw damaged('its header is not valid');
    }

    return {
      header,
      encrypted,
      async *readTable(entry) {
        try {
          yield* source.take(entry.bytes, truncated);
        } catch (error) {
          throw explain(error);
        }
      },
      async end() {
        if (!(await guarded(() => source.atEnd()))) throw damaged('there is data after its last table');
      },
      close,
    };
  } catch (error) {
    close();
    throw explain(error);
  }
}

/** Counts rows (one line each in COPY text) and hashes a table's text. */
export function tableDigest(): {
  update(chunk: Buffer): void;
  rows(): number;
  sha256(): string;
  bytes(): number;
} {
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  return {
    update(chunk) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) rows += 1;
    },
    rows: () => rows,
    bytes: () => bytes,
    sha256: () => hash.digest('hex'),
  };
}

/**
 * Reads the whole file and checks every table against the header (rows and SHA-256), without touching any
 * database: a restore runs this first, so a bad file is refused before anything changes.
 */
export async function verifyBackupFile(file: string, passphrase?: string): Promise<BackupHeader> {
  const backup = await openBackup(file, passphrase);
  try {
    for (const entry of backup.header.tables) {
      const digest = tableDigest();
      for await (const chunk of backup.readTable(entry)) digest.update(chunk);
      if (digest.rows() !== entry.rows || digest.sha256() !== entry.sha256) {
        throw damaged(`the table ${entry.name} does not match its checksum`);
      }
    }
    await backup.end();
    return backup.header;
  } finally {
    backup.close();
  }
}
