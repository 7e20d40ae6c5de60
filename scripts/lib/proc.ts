import fs from 'node:fs';

/**
 * The fields of /proc/{pid}/stat that the scripts use (Linux only), or null when the process is gone or there
 * is no /proc. Shared by the embedded database's start, the bench and the chaos run.
 */
export interface ProcStat {
  pid: number;
  /** R, S, D, Z (zombie), X (dead), ... */
  state: string;
  ppid: number;
  pgrp: number;
  /** utime, stime, cutime and cstime: its own CPU time and that of the children it has reaped. */
  cpuTicks: number;
  rssPages: number;
}

export function readProcStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // exited meanwhile, or not Linux
  }
  // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(fields[i]);
  return {
    pid,
    state: fields[0] ?? '?',
    ppid: n(1),
    pgrp: n(2),
    cpuTicks: n(11) + n(12) + n(13) + n(14),
    rssPages: n(21),
  };
}

/** Every process's stat, as /proc lists them now. */
export function allProcStats(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (stat) out.push(stat);
  }
  return out;
}
