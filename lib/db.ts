import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '@/lib/generated/prisma/client';

function createClient(): { prisma: PrismaClient; pool: pg.Pool } {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error('DATABASE_URL is not set. Start the app with `npm start`, which provides a database.');
  }
  const max = Number(process.env.DATABASE_POOL_SIZE) || 10;
  // The pool is made here, not inside the adapter, so /metrics can read its counts (poolStats); the adapter
  // ends it when the client disconnects.
  const pool = new pg.Pool({ connectionString, max });
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    // A transaction waits up to 10 s for a free connection (Prisma's default is 2 s): a burst that queues on a
    // limit's lock (rate-limit.ts) must make others wait a little, not fail with 500.
    transactionOptions: { maxWait: 10_000 },
  });
  return { prisma, pool };
}

// One client per process, made on first use: `next build` imports route modules without a database, and
// Next's dev server reloads modules, so the instance lives on globalThis.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; prismaPool?: pg.Pool };

function client(): PrismaClient {
  if (!globalForPrisma.prisma) {
    const made = createClient();
    globalForPrisma.prisma = made.prisma;
    globalForPrisma.prismaPool = made.pool;
  }
  return globalForPrisma.prisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = client();
    const value = Reflect.get(target, property, target) as unknown;
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

/** The pool's counts now, for /metrics; null before the first query made it. */
export function poolStats(): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = globalForPrisma.prismaPool;
  if (!pool) return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/** Closes the pool (tests and scripts); the next use opens a new one. */
export async function disconnectDb(): Promise<void> {
  const current = globalForPrisma.prisma;
  const pool = globalForPrisma.prismaPool;
  globalForPrisma.prisma = undefined;
  globalForPrisma.prismaPool = undefined;
  await current?.$disconnect();
  // Ended by the adapter once it had connected; a pool the client never used is ended here.
  if (pool && !pool.ended) await pool.end().catch(() => {});
}
