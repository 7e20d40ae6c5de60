import { defineConfig } from 'prisma/config';

// The CLI is used here only for `prisma generate`; migrations are applied by scripts/migrate.ts through
// Prisma's WebAssembly schema engine, because the native engine cannot be downloaded offline.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx scripts/seed.ts' },
});
