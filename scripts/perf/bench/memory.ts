/**
 * What a process's resident memory is made of, read from Linux's /proc/{pid}/smaps (issue 32, point 6): the C
 * allocator's main heap (glibc's brk area, where memory the process freed may be kept rather than returned),
 * the other anonymous mappings (V8's heap spaces, WebAssembly memories, glibc's other arenas and its mmap'd
 * blocks), and mapped files (the code of Node, its libraries and native add-ons).
 */
import fs from 'node:fs';

export interface MemoryMakeup {
  /** Resident bytes in all. */
  rss: number;
  /** glibc's main heap ([heap]). */
  mallocHeap: number;
  /** Anonymous mappings other than the main heap and the stacks. */
  anonymous: number;
  /** Mappings of files (executables, shared libraries, fonts, WebAssembly read from disk). */
  files: number;
  /** Stacks and the kernel's pages ([stack], [vdso], [vvar]). */
  other: number;
}

const HEADER = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\S+\s*(.*)$/;

/** Sums the Rss of each mapping in the text of /proc/{pid}/smaps by what the mapping is. */
export function summariseSmaps(text: string): MemoryMakeup {
  const out: MemoryMakeup = { rss: 0, mallocHeap: 0, anonymous: 0, files: 0, other: 0 };
  let kind: Exclude<keyof MemoryMakeup, 'rss'> = 'other';
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      const name = header[1]!.trim();
      kind =
        name === '[heap]'
          ? 'mallocHeap'
          : name === '' || name.startsWith('[anon')
            ? 'anonymous'
            : name.startsWith('[')
              ? 'other'
              : 'files';
      continue;
    }
    if (!line.startsWith('Rss:')) continue;
    const kb = Number(/^Rss:\s+(\d+)\s+kB/.exec(line)?.[1] ?? 0);
    out.rss += kb * 1024;
    out[kind] += kb * 1024;
  }
  return out;
}

/** The makeup of one process now, or null when it is gone (or this is not Linux). */
export function readMemoryMakeup(pid: number): MemoryMakeup | null {
  try {
    return summariseSmaps(fs.readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  } catch {
    return null;
  }
}

/** The median of a few readings: one reading can land on a garbage collection's brief high. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
