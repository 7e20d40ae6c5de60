/**
 * The database for commands that may run beside the app (`npm run backup`): DATABASE_URL when set; otherwise
 * the embedded PostgreSQL the running app started (found from its postmaster.pid: its port, and the password
 * in DATA_DIR/secrets.json), or, when the app is not running, the embedded server started for this command.
 * openDatabase() alone would stop a server the running app is using (it treats it as left over).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isServerOn } from './embedded-postgres';
import { dataDir, ensureSecrets, log, openDatabase, type Database } from './runtime';

const EMBEDDED_DATABASE = 'smile_referrals';

/** The running embedded server's port, when the app (or anything) has it running on DATA_DIR's cluster. */
export function runningEmbeddedPort(): number | null {
  const requested = path.join(dataDir(), 'postgres');
  const location = `${requested}.location`;
  const real = fs.existsSync(location) ? fs.readFileSync(location, 'utf8').trim() : requested;
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(real, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  return isServerOn(pid, real) ? port : null;
}

export async function openRunningDatabase(): Promise<Database & { running: boolean }> {
  const secrets = ensureSecrets();
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: null, running: false, stop: async () => {} };
  }
  const port = runningEmbeddedPort();
  if (port) {
    const url = `postgresql://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
    log(`Using the running app's embedded PostgreSQL (127.0.0.1:${port}).`);
    return { url, embedded: null, running: true, stop: async () => {} };
  }
  return { ...(await openDatabase()), running: false };
}

/** BACKUP_DIR (relative to the project), default DATA_DIR/backups. */
export function backupDir(): string {
  const root = path.resolve(__dirname, '..', '..');
  return process.env.BACKUP_DIR
    ? path.resolve(root, process.env.BACKUP_DIR)
    : path.join(dataDir(), 'backups');
}
