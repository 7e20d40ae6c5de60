/**
 * `npm start` (and `npm run dev` with --dev): one command from a fresh checkout to a running app.
 *  1. the database: DATABASE_URL, or an embedded PostgreSQL with its data in DATA_DIR (default .data/);
 *  2. the migrations, applied: after a backup when the database holds data, all in one transaction;
 *  3. a first full-admin account, when there is none (its generated password is printed once);
 *  4. a production build, when there is none or the code changed (not for --dev);
 *  5. the web server on PORT (default 3000): scripts/server.js (Next.js behind a rewrite of the forwarded
 *     headers from the connection, TRUSTED_PROXIES), or `next dev` with --dev. Without APP_URL, links and QR
 *     codes use http://localhost:PORT: said here once, and shown to full admins until APP_URL is set.
 * Ctrl-C or SIGTERM stops the web server first, then the database, so nothing in flight is lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFirstAdmin } from './lib/accounts';
import { buildIfNeeded } from './lib/build';
import { backupDir } from './lib/running-database';
import { scriptClient } from './lib/prisma';
import { serverMemoryEnv, serverNodeFlags } from './lib/server-memory';
import { upgradeDatabase } from './lib/upgrade';
import { dataDir, loadDotEnv, log, openDatabase, PROJECT_ROOT, type Database } from './lib/runtime';

const dev = process.argv.includes('--dev');

async function main(): Promise<void> {
  loadDotEnv();
  const port = Number(process.env.PORT) || 3000;
  // Links and QR codes are built from APP_URL only, never from the request's Host (issue 14 point 5).
  const appUrlDefaulted = !process.env.APP_URL && !process.env.NEXTAUTH_URL;
  if (appUrlDefaulted) {
    process.env.APP_URL = `http://localhost:${port}`;
    process.env.APP_URL_DEFAULTED = '1';
  } else {
    delete process.env.APP_URL_DEFAULTED;
  }
  let database: Database | null = null;
  let web: ChildProcess | null = null;
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (web && web.exitCode === null && web.signalCode === null) {
      log('Stopping the web server ...');
      const exited = new Promise((resolve) => web!.once('exit', resolve));
      web.kill('SIGTERM');
      const timer = setTimeout(() => web?.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (database?.embedded) log('Stopping the embedded PostgreSQL ...');
    await database?.stop();
    // Throwaway runs (the end-to-end tests) leave nothing behind.
    if (process.env.EPHEMERAL_DATA_DIR === '1') fs.rmSync(dataDir(), { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    database = await openDatabase();
    // Issue 32: the server's daily backup writes where `npm run backup` does (an absolute path, passed on).
    process.env.BACKUP_DIR = backupDir();
    // An upgrade's migrations: a backup first when the database holds data, then all of them in one
    // transaction, so a failing one leaves the database as it was (scripts/lib/upgrade.ts).
    const { applied } = await upgradeDatabase({ databaseUrl: database.url, backupDir: backupDir(), log });
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);

    const prisma = scriptClient(database.url);
    try {
      const admin = await ensureFirstAdmin(prisma);
      if (admin) {
        log(`Created the first full-admin account. Sign in at ${process.env.APP_URL}/login`);
        log(`  Username: ${admin.email}`);
        if (admin.generatedPassword) {
          log(`  Password: ${admin.generatedPassword}   (shown only this once: change it in Settings)`);
        } else {
          log('  Password: the one in ADMIN_PASSWORD');
        }
      }
    } finally {
      await prisma.$disconnect();
    }

    if (!dev) buildIfNeeded(log);
  } catch (error) {
    console.error(`[smile-referrals] ${(error as Error).message}`);
    if (process.env.DEBUG_STACK) console.error(error);
    await stop(1);
    return;
  }

  if (appUrlDefaulted) {
    log(
      `APP_URL is not set: links and QR codes will point to ${process.env.APP_URL} until it is ` +
        '(set APP_URL to the public address, e.g. https://referrals.yourclinic.co.uk).',
    );
  }
  const next = path.join(PROJECT_ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
  const command = dev
    ? [next, 'dev', '-p', String(port)]
    : [...serverNodeFlags(process.env), path.join(PROJECT_ROOT, 'scripts', 'server.js')];
  web = spawn(process.execPath, command, {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    // The production server's heap limits and malloc arenas (scripts/lib/server-memory.ts, issue 32).
    env: dev
      ? { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
      : serverMemoryEnv({ ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' as const }),
  });
  web.on('error', (error) => {
    console.error(`[smile-referrals] The web server could not start: ${error.message}`);
    void stop(1);
  });
  web.on('exit', (code, signal) => {
    if (stopping) return;
    log(`The web server stopped (${signal ?? `exit ${code}`}).`);
    void stop(code ?? 1);
  });
}

void main();
