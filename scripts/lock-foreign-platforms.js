#!/usr/bin/env node
/**
 * Maintenance tool, run after `npm install` changes package-lock.json:
 *   node scripts/lock-foreign-platforms.js
 *
 * Why: the npm registry these machines reach lacks some other platforms' builds of native packages (for example
 * @next/swc-darwin-arm64 at our Next version). `npm install` then silently leaves those optional packages out
 * of package-lock.json, and `npm ci` refuses the lock file as "out of sync". This adds a lock entry for each
 * missing foreign-platform package, with its `os`/`cpu` (read from its name), so that `npm ci` accepts the
 * lock file and skips them on this platform exactly as it skips any other platform's binary.
 */
const fs = require('node:fs');
const path = require('node:path');

const OSES = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPUS = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};

function platformOf(name) {
  const parts = path.basename(name).split('-');
  const os = parts.find((p) => OSES.includes(p));
  const cpu = parts.map((p) => CPUS[p]).find(Boolean);
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : null;
  if (!cpu) return null;
  return { ...(os && { os: [os] }), cpu: [cpu], ...(os === 'linux' && libc && { libc: [libc] }) };
}

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const here = { os: process.platform, cpu: process.arch };
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      console.warn(`skipped ${name}@${spec}: cannot tell its platform or exact version`);
      continue;
    }
    if (platform.os?.[0] === here.os && platform.cpu[0] === here.cpu) {
      console.warn(`skipped ${name}@${spec}: it is for this platform, so npm install should have locked it`);
      continue;
    }
    lock.packages[`node_modules/${name}`] = { version: spec, optional: true, ...platform };
    added += 1;
  }
}
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} foreign-platform lock entries.`);
