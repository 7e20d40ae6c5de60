import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './runtime';

const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'next.config.js',
  'package.json',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'prisma/schema.prisma',
];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (path.basename(entry) === 'generated') return 0; // lib/generated is an output of the build itself
  let newest = 0;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** A production build is needed when there is none, or a source file changed after it was made. */
export function needsBuild(): boolean {
  const buildId = path.join(PROJECT_ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((entry) => newestMtime(path.join(PROJECT_ROOT, entry)) > built);
}

export function buildIfNeeded(log: (m: string) => void): void {
  if (!needsBuild()) return;
  log('Building the app (first start, or the code changed) ...');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}

/**
 * The Next.js build writes its dist folder's type paths into tsconfig.json (and next-env.d.ts) when that
 * folder is not `.next`; the bench and the chaos run must leave the developer's files as they were. A file is put back only
 * when the change names the bench's folder, so an edit someone makes meanwhile is never undone.
 */
export function guardFiles(files: string[], distDir: string): () => void {
  const saved = files.map((file) => ({
    file,
    text: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null,
  }));
  return () => {
    for (const { file, text } of saved) {
      const now = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (now === text || now === null || !now.includes(distDir) || text?.includes(distDir)) continue;
      if (text === null) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, text);
    }
  };
}
