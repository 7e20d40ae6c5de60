/**
 * One throwaway database per test file, copied from the migrated template that global-setup made. The app's
 * Prisma client (lib/db.ts) connects lazily, so setting DATABASE_URL in beforeAll is enough.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { disconnectDb } from '@/lib/db';

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_SERVER_URL;
  if (!url)
    throw new Error(
      'Run integration tests with `npm run test:integration` (its global setup starts PostgreSQL).',
    );
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(serverUrl());
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? 'template0' : process.env.TEST_TEMPLATE_DATABASE;
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Gives the test file its own migrated database for all its tests. */
export function setUpTestDatabase(): void {
  let name = '';
  beforeAll(async () => {
    name = await createDatabase();
    process.env.DATABASE_URL = databaseUrl(name);
  });
  afterAll(async () => {
    await disconnectDb();
    await dropDatabase(name);
  });
}
