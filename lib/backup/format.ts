/**
 * The backup file's format (docs/backups.md describes it for people): names, the header, the errors a reader
 * can meet, and the session settings that make PostgreSQL's COPY text the same on the writing and the
 * restoring side.
 */
import pkg from '../../package.json';

/** Written into every header; a file whose header says anything else is not one of ours. */
export const APP_ID = 'smile-referrals';
export const FORMAT_VERSION = 1;
/** First line of the (decompressed, decrypted) content. */
export const MAGIC_LINE = `SMILE-REFERRALS-BACKUP ${FORMAT_VERSION}\n`;
/** First line of an encrypted file (before anything is decrypted). */
export const ENCRYPTED_MAGIC_LINE = `SMILE-REFERRALS-BACKUP-ENCRYPTED ${FORMAT_VERSION}\n`;

export type BackupReason = 'manual' | 'daily' | 'pre-migration' | 'pre-restore';

export interface TableEntry {
  /** Table name in the schema `public`. */
  name: string;
  /** The columns copied, in order (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
  rows: number;
  /** Length of the table's COPY text in the file. */
  bytes: number;
  /** SHA-256 (hex) of that COPY text. */
  sha256: string;
}

export interface SequenceEntry {
  name: string;
  /** bigint as a string */
  value: string;
  isCalled: boolean;
}

export interface BackupHeader {
  app: typeof APP_ID;
  formatVersion: number;
  appVersion: string;
  /** ISO time the snapshot was taken. */
  createdAt: string;
  reason: BackupReason;
  /** Every applied migration, oldest first (as recorded in _prisma_migrations). */
  migrations: string[];
  lastMigration: string;
  /** `server_version` of the PostgreSQL it was read from. */
  postgresVersion: string;
  /** In the order they are written, which is also an order that satisfies every foreign key. */
  tables: TableEntry[];
  sequences: SequenceEntry[];
}

/** What an encrypted file says about itself before it is decrypted (authenticated with the content). */
export interface EncryptionParameters {
  cipher: 'aes-256-gcm';
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  /** base64 */
  salt: string;
  /** hex: proves the passphrase before anything is decrypted */
  check: string;
  /** base64, 8 bytes: the first part of every chunk's nonce */
  noncePrefix: string;
  chunkBytes: number;
  /** Not secret, readable without the passphrase (for listing). */
  summary: Pick<BackupHeader, 'createdAt' | 'appVersion' | 'lastMigration' | 'reason'>;
}

export type BackupErrorCode =
  | 'not-a-backup'
  | 'truncated'
  | 'damaged'
  | 'passphrase-needed'
  | 'wrong-passphrase'
  | 'unsupported-format'
  | 'newer-schema'
  | 'not-empty'
  | 'busy'
  | 'disk-full'
  | 'write-failed';

/** An error whose message is written for the operator; `code` is for programs (and tests). */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export const appVersion = (): string => pkg.version;

/** 2026-11-27T023015Z: sortable, no ':' (not allowed in Windows file names). */
export function fileTime(date: Date): string {
  return (
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')
      .slice(0, 17) + 'Z'
  );
}

export const BACKUP_SUFFIX = '.backup';
export const ENCRYPTED_SUFFIX = '.backup.enc';

/**
 * smile-referrals-2026-11-27T023015Z-v0.1.0-20261127021047_staff_accounts_second_factor.backup[.enc]
 * The migration part is the last migration's full folder name.
 */
export function backupFileName(o: {
  createdAt: Date;
  appVersion: string;
  lastMigration: string;
  encrypted: boolean;
}): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._]/g, '_');
  return `${APP_ID}-${fileTime(o.createdAt)}-v${safe(o.appVersion)}-${safe(o.lastMigration || 'none')}${
    o.encrypted ? ENCRYPTED_SUFFIX : BACKUP_SUFFIX
  }`;
}

/** Matches the names backupFileName makes (and nothing else): for listings and retention. */
export const BACKUP_FILE_PATTERN =
  /^smile-referrals-(\d{4}-\d{2}-\d{2}T\d{6}Z)-v([A-Za-z0-9._]+)-([A-Za-z0-9._]+?)(?:-(\d+))?\.backup(\.enc)?$/;

export interface ParsedBackupName {
  createdAt: Date;
  appVersion: string;
  lastMigration: string;
  encrypted: boolean;
}

export function parseBackupFileName(name: string): ParsedBackupName | null {
  const m = BACKUP_FILE_PATTERN.exec(name);
  if (!m) return null;
  const t = m[1]!;
  const iso = `${t.slice(0, 10)}T${t.slice(11, 13)}:${t.slice(13, 15)}:${t.slice(15, 17)}Z`;
  const createdAt = new Date(iso);
  if (Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, appVersion: m[2]!, lastMigration: m[3]!, encrypted: Boolean(m[5]) };
}

/**
 * Session settings for both ends, so every value's COPY text is the same when written and when read back for
 * the check: dates in ISO and UTC, floats exact, bytea in hex, tables read from their start.
 */
export const SESSION_SETTINGS = [
  "SET client_encoding = 'UTF8'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET TimeZone = 'UTC'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
  'SET synchronize_seqscans = off',
].join('; ');

/** The advisory lock (two int4 keys) that one backup or restore holds at a time on a database. */
export const LOCK_KEYS = [0x53524246, 1] as const; // 'SRBF'

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
