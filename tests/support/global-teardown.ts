import fs from 'node:fs';
import type { EmbeddedPostgres } from '../../scripts/lib/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __itServer?: EmbeddedPostgres; __itDir?: string };
  await g.__itServer?.stop();
  if (g.__itDir) fs.rmSync(g.__itDir, { recursive: true, force: true });
}
