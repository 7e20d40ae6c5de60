/**
 * The few facts about processes the chaos run needs, read from Linux's /proc: who is in a process group, and
 * which PostgreSQL server owns a data folder. Reading /proc (rather than trusting our own ChildProcess
 * objects) is the point: after a SIGKILL the processes we care about are no longer our children.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allProcStats, readProcStat } from '../../lib/proc';

const readProc = readProcStat;
const allProcs = allProcStats;

/** Live members of a process group (zombies, already dead and waiting to be reaped, do not count). */
export function groupMembers(pgid: number): number[] {
  return allProcs()
    .filter((p) => p.pgrp === pgid && p.state !== 'Z')
    .map((p) => p.pid);
}

export function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

export function isAlive(pid: number): boolean {
  const info = readProc(pid);
  return info !== null && info.state !== 'Z';
}

/**
 * The postmaster serving `clusterDir`, if one is running: the pid in its postmaster.pid, but only when that
 * process really is a postgres started with `-D clusterDir` (a stale file's pid may have been reused).
 */
export function postmasterOf(clusterDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const cmd = cmdline(pid);
  return /postgres/.test(cmd) && cmd.includes(clusterDir) ? pid : null;
}

export function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // gone meanwhile
  }
}

export async function waitUntil(done: () => boolean, ms: number, stepMs = 50): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (done()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return done();
}

/**
 * Watches a killed process until it is gone from /proc altogether. A SIGKILLed process whose parent died too
 * stays a zombie until init reaps it; meanwhile kill(pid, 0) still succeeds, which is what a "still running?"
 * check by pid sees. Returns how long that lasted (ms after `since`), or null while it is not over.
 */
export function watchUntilReaped(pid: number, since: number, maxMs = 60_000): () => number | null {
  let reapedAt: number | null = null;
  const timer = setInterval(() => {
    if (!fs.existsSync(`/proc/${pid}`)) reapedAt = Date.now();
    if (reapedAt !== null || Date.now() - since > maxMs) clearInterval(timer);
  }, 10);
  timer.unref();
  return () => (reapedAt === null ? null : reapedAt - since);
}
