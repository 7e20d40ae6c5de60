/**
 * What the bench needs to know about the processes it started, read from Linux's /proc: the tree under a
 * process (the app is `start.ts` → `scripts/server.js`, and Next may fork), its resident memory and its CPU time.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { allProcStats, readProcStat, type ProcStat as RawStat } from '../../lib/proc';
import { median, readMemoryMakeup, type MemoryMakeup } from './memory';

const PAGE_SIZE = 4096;
const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux this runs on

interface ProcStat {
  pid: number;
  ppid: number;
  /** CPU time, in clock ticks: its own and that of the children it has reaped (PostgreSQL's short-lived
   * workers), so work done by a process that has exited still counts for the tree it belonged to. */
  cpuTicks: number;
  rssBytes: number;
}

const toStat = (s: RawStat): ProcStat => ({
  pid: s.pid,
  ppid: s.ppid,
  cpuTicks: s.cpuTicks,
  rssBytes: s.rssPages * PAGE_SIZE,
});
const readStat = (pid: number): ProcStat | null => {
  const raw = readProcStat(pid);
  return raw && toStat(raw);
};
const allStats = (): ProcStat[] => allProcStats().map(toStat);

/** The process and all its descendants, as they are now. */
export function processTree(rootPid: number): ProcStat[] {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return [];
  const out: ProcStat[] = [];
  const queue = [root];
  while (queue.length) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return out;
}

export function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/**
 * The Next.js server under `start.ts`: the first descendant running the app's server (scripts/server.js, or
 * Next's own binary, which renames itself 'next-server'), so the app's memory excludes the launcher that only
 * waits for it.
 */
export function findNextServer(launcherPid: number): number | null {
  for (const p of processTree(launcherPid)) {
    if (p.pid === launcherPid) continue;
    const cmd = cmdline(p.pid);
    if (/scripts[\\/]server\.js|next-server|next[\\/]dist[\\/]bin[\\/]next/.test(cmd)) return p.pid;
  }
  return null;
}

export interface MemorySampler {
  /** Stops sampling; the peak summed RSS, in bytes. */
  stop(): number;
  /** What the root process's memory was made of when the peak was last raised by 8 MB or more. */
  makeupAtPeak(): MemoryMakeup | null;
}

/** Samples the summed RSS of a process tree every `intervalMs`. */
export function sampleMemory(rootPid: () => number | null, intervalMs = 250): MemorySampler {
  let peak = 0;
  let makeupPeak = 0;
  let makeup: MemoryMakeup | null = null;
  const sample = () => {
    const pid = rootPid();
    if (pid === null) return;
    const rss = processTree(pid).reduce((sum, p) => sum + p.rssBytes, 0);
    peak = Math.max(peak, rss);
    // Reading smaps walks every mapping: only when the peak has grown by a step worth telling.
    if (rss >= makeupPeak + 8 * 1024 * 1024) {
      makeup = readMemoryMakeup(pid) ?? makeup;
      makeupPeak = rss;
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
    makeupAtPeak: () => makeup,
  };
}

export interface MemoryReading {
  /** Summed RSS of the tree: the median of five readings a second apart. */
  rssBytes: number;
  makeup: MemoryMakeup | null;
}

/**
 * The tree's resident memory once it has settled: waits until the bench's servers are idle, then `settleMs`
 * more, then reads it five times a second apart. 15 s: the server runs a full garbage collection once no request
 * has been in flight for 10 s (lib/observability/idle-collect.js), as it does between a clinic's visits.
 */
export async function settledMemory(
  rootPid: () => number | null,
  settleMs = 15_000,
): Promise<MemoryReading | null> {
  await waitForIdle(60_000);
  await new Promise((r) => setTimeout(r, settleMs));
  const pid = rootPid();
  if (pid === null) return null;
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    if (i) await new Promise((r) => setTimeout(r, 1000));
    readings.push(processTree(pid).reduce((sum, p) => sum + p.rssBytes, 0));
  }
  return { rssBytes: median(readings)!, makeup: readMemoryMakeup(pid) };
}

const cpuTicksOf = (pid: number) => processTree(pid).reduce((sum, p) => sum + p.cpuTicks, 0);

/**
 * Waits until the bench's servers (the app, PostgreSQL, the bare server: everything under this process) use
 * less than a tenth of a core, so one target's leftovers (a request the client gave up on, autovacuum after
 * the lead inserts) do not count against the next. Gives up after `maxMs`.
 */
export async function waitForIdle(maxMs = 30_000): Promise<number> {
  const began = Date.now();
  let before = cpuTicksOf(process.pid) - ownTicks();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicksOf(process.pid) - ownTicks();
    const coresUsed = (now - before) / CLOCK_TICKS / 0.5;
    before = now;
    if (coresUsed < 0.1 || Date.now() - began > maxMs) return Date.now() - began;
  }
}

function ownTicks(): number {
  return readStat(process.pid)?.cpuTicks ?? 0;
}

export interface CpuSnapshot {
  at: number;
  /** Busy ticks of the whole machine (all cores), from /proc/stat. */
  machine: number;
  /** Ticks of the bench itself: this process (autocannon) and everything it started. */
  bench: number;
}

export function cpuSnapshot(): CpuSnapshot {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return {
    at: performance.now(),
    machine: user! + nice! + system! + irq! + softirq! + steal!,
    bench: cpuTicksOf(process.pid),
  };
}

/**
 * Cores kept busy by anything outside the bench between two snapshots (a test run, a build): the figures of
 * a target measured while this is high are not comparable with the others.
 */
export function otherCores(a: CpuSnapshot, b: CpuSnapshot): number {
  const seconds = (b.at - a.at) / 1000;
  if (seconds <= 0) return 0;
  return Math.max(0, (b.machine - a.machine - (b.bench - a.bench)) / CLOCK_TICKS / seconds);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Stops a child politely (SIGTERM), then for certain; also kills the descendants it leaves behind. */
export async function stopChild(child: ChildProcess | null, graceMs = 20_000): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const descendants = processTree(child.pid)
    .filter((p) => p.pid !== child.pid)
    .map((p) => ({ pid: p.pid, cmd: cmdline(p.pid) }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // Only if the launcher died without stopping what it started; the command line must still match, so a
  // recycled process id is never hit.
  for (const { pid, cmd } of descendants) {
    if (cmd && cmdline(pid) === cmd) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
}
