/**
 * `npm run restore -- FILE [--replace] [--passphrase-from-env]` restores a backup that `npm run backup` wrote
 * (see --help and docs/backups.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../lib/backup/restore';
import { backupDir, openRunningDatabase } from './lib/running-database';
import { loadDotEnv, log } from './lib/runtime';

const USAGE = `Usage: npm run restore -- <file> [--replace] [--passphrase-from-env]

Restores a backup into the app's database (DATABASE_URL, or the embedded one in DATA_DIR). Stop the app
first. The database must be empty; --replace replaces the data of one that is not, after writing a backup of
it to BACKUP_DIR. Everything happens in one transaction: if anything fails, nothing is changed. Then start the
app (npm start): it applies any newer migrations.

  --replace              replace the data of a database that holds some (a backup of it is written first)
  --passphrase-from-env  the backup is encrypted: read its passphrase from BACKUP_PASSPHRASE (never type a
                         passphrase on the command line)
  --help                 show this text`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      replace: { type: 'boolean', default: false },
      'passphrase-from-env': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  loadDotEnv();
  const file = path.resolve(positionals[0]!);
  let passphrase: string | undefined;
  if (values['passphrase-from-env']) {
    passphrase = process.env.BACKUP_PASSPHRASE || undefined;
    if (!passphrase) throw new Error('--passphrase-from-env: BACKUP_PASSPHRASE is not set.');
  }
  const db = await openRunningDatabase();
  try {
    if (db.running) {
      throw new Error(
        'The app is running on this database. Stop it first (the restore replaces its tables), then run the restore again.',
      );
    }
    const result = await restoreBackup({
      databaseUrl: db.url,
      file,
      passphrase,
      replace: values.replace,
      backupDir: backupDir(),
      preRestorePassphrase: process.env.BACKUP_PASSPHRASE || undefined,
      onPreRestoreBackup: (backup) => log(`The data it held is backed up first: ${backup.path}`),
    });
    log(
      `Restored ${result.rows} rows in ${result.tables} tables from the backup of ${result.header.createdAt} (version ${result.header.appVersion}). Start the app with npm start.`,
    );
  } finally {
    await db.stop();
  }
}

main().catch((error: Error) => {
  console.error(`[smile-referrals] ${error.message}`);
  if (process.env.DEBUG_STACK) console.error(error);
  process.exitCode = 1;
});
