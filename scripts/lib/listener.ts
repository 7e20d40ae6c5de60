/**
 * The process listening on a TCP port, and its resident memory, read from Linux's /proc: the listening socket's
 * inode in /proc/net/tcp{,6}, then the process holding that socket among /proc/{pid}/fd. Used to measure the
 * real server's memory in tests/e2e/http-edges.e2e.ts and `npm run security`; null where there is no /proc.
 */
import fs from 'node:fs';

const LISTEN = '0A';

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (!local || fields[3] !== LISTEN) continue;
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process that listens on `port` (the first found holding the socket), or null. */
export function listeningPid(port: number): number | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  const wanted = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${name}/fd`);
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    for (const fd of fds) {
      try {
        if (wanted.has(fs.readlinkSync(`/proc/${name}/fd/${fd}`))) return Number(name);
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

/** VmRSS of a process, in bytes, or null when it is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
