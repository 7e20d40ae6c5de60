import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error('DATABASE_URL is not set. Start the app with `npm start`, which provides a database.');
  }
  const max = Number(process.env.DATABASE_POOL_SIZE) || 10;
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString, max }),
    // A transaction waits up to 10 s for a free connection (Prisma's default is 2 s): a burst that queues on a
    // limit's lock (rate-limit.ts) must make others wait a little, not fail with 500.
    transactionOptions: { maxWait: 10_000 },
  });
}

// One client per process, made on first use: `next build` imports route modules without a database, and
// Next's dev server reloads modules, so the instance lives on globalThis.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  return (globalForPrisma.prisma ??= createClient());
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = client();
    const value = Reflect.get(target, property, target) as unknown;
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

/** Closes the pool (tests and scripts); the next use opens a new one. */
export async function disconnectDb(): Promise<void> {
  const current = globalForPrisma.prisma;
  globalForPrisma.prisma = undefined;
  await current?.$disconnect();
}
