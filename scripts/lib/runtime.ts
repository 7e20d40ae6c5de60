/**
 * What every command (start, dev, migrate, seed, user:create) needs before it can work: the environment,
 * the secrets, and a database — the one DATABASE_URL names, or the embedded one with its data in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');
const EMBEDDED_DATABASE = 'smile_referrals';

export function log(message: string): void {
  console.log(`[smile-referrals] ${message}`);
}

/** Reads `.env` (when present) without overriding what the shell already set. */
export function loadDotEnv(): void {
  const file = path.join(PROJECT_ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function dataDir(): string {
  return path.resolve(PROJECT_ROOT, process.env.DATA_DIR || '.data');
}

interface Secrets {
  sessionSecret: string;
  encryptionKey: string;
  postgresPassword: string;
}

/**
 * Secrets from the environment, else generated once into DATA_DIR/secrets.json (mode 600) and reused, so
 * sessions and encrypted bank details survive a restart.
 */
export function ensureSecrets(): Secrets {
  const dir = dataDir();
  // 711: the embedded server's postgres user must pass through; secrets.json itself is 600.
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o711);
  const file = path.join(dir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    sessionSecret: stored.sessionSecret ?? randomBytes(32).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('base64'),
    postgresPassword: stored.postgresPassword ?? randomBytes(18).toString('base64url'),
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  process.env.NEXTAUTH_SECRET ||= secrets.sessionSecret;
  process.env.ENCRYPTION_KEY ||= secrets.encryptionKey;
  return secrets;
}

export interface Database {
  url: string;
  embedded: EmbeddedPostgres | null;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise starts the embedded server and sets DATABASE_URL for what follows. */
export async function openDatabase(): Promise<Database> {
  const secrets = ensureSecrets();
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: null, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dataDir(), 'postgres'),
    password: secrets.postgresPassword,
    port: process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined,
    log,
  });
  await embedded.createDatabase(EMBEDDED_DATABASE);
  const url = embedded.url(EMBEDDED_DATABASE);
  process.env.DATABASE_URL = url;
  log(`Embedded PostgreSQL is running on 127.0.0.1:${embedded.port} (data in ${embedded.dataDir}).`);
  return { url, embedded, stop: () => embedded.stop() };
}

/** Runs `fn` with a database open, then closes it, and turns any error into one clear line and exit code 1. */
export async function withDatabase(fn: (db: Database) => Promise<void>): Promise<void> {
  loadDotEnv();
  let db: Database | null = null;
  try {
    db = await openDatabase();
    await fn(db);
  } catch (error) {
    console.error(`[smile-referrals] ${(error as Error).message}`);
    if (process.env.DEBUG_STACK) console.error(error);
    process.exitCode = 1;
  } finally {
    await db?.stop();
  }
}
