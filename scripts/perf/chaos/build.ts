/**
 * The production build the chaos run serves. By default the normal one (`.next`, or NEXT_DIST_DIR), built only
 * when stale, exactly as `npm start` would.
 *
 * In a checkout where others are editing meanwhile, every restart after a kill would find a source newer than
 * the build and rebuild first (minutes, and it fails outright while someone's file is mid-edit). With
 * `--dist-dir <private folder>` the run builds its own copy once and freezes it for the run: its BUILD_ID's
 * modification time is moved past any edit, so start.ts's staleness check passes, and put back at the end
 * (a note beside it restores it even after a run that was itself killed).
 */
import { guardFiles } from '../../lib/build';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/runtime';

const FROZEN_NOTE = '.chaos-frozen-mtime';

/** Puts back a BUILD_ID time that an earlier run froze and never restored (it was killed itself). */
function thaw(distDir: string): void {
  const dir = path.join(PROJECT_ROOT, distDir);
  const note = path.join(dir, FROZEN_NOTE);
  if (!fs.existsSync(note)) return;
  const mtime = new Date(Number(fs.readFileSync(note, 'utf8')));
  const buildId = path.join(dir, 'BUILD_ID');
  if (fs.existsSync(buildId) && !Number.isNaN(mtime.getTime())) fs.utimesSync(buildId, mtime, mtime);
  fs.rmSync(note, { force: true });
}

/** tsconfig.json and next-env.d.ts belong to everyone: put back after a build into another folder. */
const guardSharedFiles = (distDir: string) =>
  guardFiles(
    ['tsconfig.json', 'next-env.d.ts'].map((f) => path.join(PROJECT_ROOT, f)),
    distDir,
  );

/** Runs `npx tsx scripts/build-if-needed.ts` for `distDir`: builds only when there is none or it is stale. */
export function buildIfNeeded(distDir: string, log: (m: string) => void): void {
  thaw(distDir);
  log(`Checking the production build in ${distDir} (npx tsx scripts/build-if-needed.ts) ...`);
  const restore = distDir === '.next' ? () => {} : guardSharedFiles(distDir);
  const result = spawnSync('npx', ['tsx', path.join('scripts', 'build-if-needed.ts')], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
  });
  restore();
  if (result.status !== 0) {
    throw new Error(
      'The build failed (see above). If a colleague is mid-edit in the same checkout, retry in a few minutes.',
    );
  }
}

/** Freezes a private build for the run (see above); returns what puts it back. */
export function freezeBuild(distDir: string): () => void {
  const dir = path.join(PROJECT_ROOT, distDir);
  const buildId = path.join(dir, 'BUILD_ID');
  const original = fs.statSync(buildId).mtime;
  fs.writeFileSync(path.join(dir, FROZEN_NOTE), String(original.getTime()));
  const future = new Date(Date.now() + 24 * 60 * 60 * 1000);
  fs.utimesSync(buildId, future, future);
  return () => thaw(distDir);
}
