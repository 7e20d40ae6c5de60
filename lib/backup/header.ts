/**
 * A backup's header without reading the rest of the file: for listings and a first check of a file.
 * `readBackupSummary` needs no passphrase (an encrypted file keeps its summary readable); `readBackupHeader`
 * needs the passphrase of an encrypted file and checks that the passphrase is right.
 */
import fs from 'node:fs';
import { parseParameters } from './encryption';
import { BackupError, ENCRYPTED_MAGIC_LINE, type BackupHeader, type EncryptionParameters } from './format';
import { openBackup } from './reader';

export type BackupFileHeader = BackupHeader & { encrypted: boolean };

export async function readBackupHeader(file: string, passphrase?: string): Promise<BackupFileHeader> {
  const backup = await openBackup(file, passphrase);
  backup.close();
  return { ...backup.header, encrypted: backup.encrypted };
}

export interface BackupSummary extends Pick<
  BackupHeader,
  'createdAt' | 'appVersion' | 'lastMigration' | 'reason'
> {
  encrypted: boolean;
}

/** What any backup says about itself, without a passphrase. */
export async function readBackupSummary(file: string): Promise<BackupSummary> {
  const handle = await fs.promises.open(file, 'r');
  let start: Buffer;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    start = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (start.subarray(0, ENCRYPTED_MAGIC_LINE.length).toString('latin1') === ENCRYPTED_MAGIC_LINE) {
    const rest = start.subarray(ENCRYPTED_MAGIC_LINE.length);
    const end = rest.indexOf(0x0a);
    if (end < 0) throw new BackupError('truncated', 'The backup file is incomplete (it ends too soon).');
    const params: EncryptionParameters = parseParameters(rest.subarray(0, end).toString('utf8'));
    return { ...params.summary, encrypted: true };
  }
  const header = await readBackupHeader(file);
  return {
    createdAt: header.createdAt,
    appVersion: header.appVersion,
    lastMigration: header.lastMigration,
    reason: header.reason,
    encrypted: false,
  };
}
