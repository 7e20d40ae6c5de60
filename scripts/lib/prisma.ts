/** A Prisma client for the command-line scripts (lib/db.ts is for the app: it is marked server-only). */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../lib/generated/prisma/client';

export function scriptClient(url: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }) });
}
