/**
 * `npm run backup` writes a backup of the app's database to BACKUP_DIR (default DATA_DIR/backups), beside the
 * running app; `npm run backup -- --keys FILE` writes the keys instead (see --help and docs/backups.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeKeysFile } from '../lib/backup/keys';
import { runBackup } from '../lib/backup/runs';
import { backupDir, openRunningDatabase } from './lib/running-database';
import { ensureSecrets, loadDotEnv, log } from './lib/runtime';

const USAGE = `Usage: npm run backup [-- --dir <folder>]
       npm run backup -- --keys <file>

Writes one compressed file with a consistent copy of the whole database to BACKUP_DIR (default
DATA_DIR/backups), named with the time, the app's version and its schema's last migration. Run it beside the
running app: with the embedded database it reads the running one (or starts it when the app is stopped); with
DATABASE_URL it reads that server. With BACKUP_PASSPHRASE set the file is encrypted (keep the passphrase
safe: without it the backup cannot be restored). Restore with: npm run restore -- <file>

The encryption key of the bank details and the session secret are never inside a backup.

  --dir <folder>   write the backup there instead of BACKUP_DIR
  --keys <file>    write the encryption key and the session secret to this new file (mode 600) instead of a
                   backup; keep it apart from the backups, in a password manager for example
  --help           show this text`;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      keys: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  loadDotEnv();
  if (values.keys) {
    const secrets = ensureSecrets();
    const file = path.resolve(values.keys);
    await writeKeysFile(file, {
      encryptionKey: process.env.ENCRYPTION_KEY || secrets.encryptionKey,
      sessionSecret: process.env.NEXTAUTH_SECRET || secrets.sessionSecret,
    });
    log(`Keys written to ${file} (readable by you only). Keep it apart from the backups.`);
    return;
  }
  const dir = values.dir ? path.resolve(values.dir) : backupDir();
  const db = await openRunningDatabase();
  try {
    const passphrase = process.env.BACKUP_PASSPHRASE || undefined;
    // Recorded like every run (Settings, the dashboard's warning), and the retention rules applied after.
    const { backup, removed, retentionError } = await runBackup({
      databaseUrl: db.url,
      dir,
      passphrase,
      reason: 'manual',
      onWait: () => log('Another backup is running; waiting for it to finish ...'),
    });
    log(`Backup written: ${backup.path} (${size(backup.bytes)}${backup.encrypted ? ', encrypted' : ''}).`);
    if (!backup.encrypted) log('  Not encrypted: set BACKUP_PASSPHRASE to encrypt backups.');
    if (removed.length)
      log(
        `  ${removed.length} older backup${removed.length === 1 ? '' : 's'} removed (7 daily, 4 weekly and 6 monthly are kept).`,
      );
    if (retentionError) log(`  Older backups could not be removed: ${retentionError}`);
  } finally {
    await db.stop();
  }
}

main().catch((error: Error) => {
  console.error(`[smile-referrals] ${error.message}`);
  if (process.env.DEBUG_STACK) console.error(error);
  process.exitCode = 1;
});
