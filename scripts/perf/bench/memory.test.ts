import { median, summariseSmaps } from './memory';

const mapping = (header: string, rssKb: number) =>
  [
    header,
    `Size:               ${rssKb * 2} kB`,
    'KernelPageSize:        4 kB',
    `Rss:                ${rssKb} kB`,
    `Pss:                ${rssKb} kB`,
    `Anonymous:          ${rssKb} kB`,
    'VmFlags: rd wr mr mw me ac sd',
  ].join('\n');

describe('summariseSmaps (what a process’s resident memory is made of)', () => {
  it('sorts each mapping’s Rss into the C heap, other anonymous memory, files and the rest', () => {
    const text = [
      mapping('55d0c8a00000-55d0c8a21000 r-xp 00000000 08:01 1234   /usr/bin/node', 40_000),
      mapping('55d0cba00000-55d0dba00000 rw-p 00000000 00:00 0      [heap]', 300_000),
      mapping('7f0000000000-7f0010000000 rw-p 00000000 00:00 0 ', 100_000),
      mapping('7f0010000000-7f0010100000 rw-p 00000000 00:00 0', 1_000),
      mapping('7f0020000000-7f0020100000 rw-p 00000000 00:00 0      [anon:v8]', 500),
      mapping(
        '7f0030000000-7f0030100000 r--p 00000000 08:01 99     /app/node_modules/sharp/lib.node (deleted)',
        2_000,
      ),
      mapping('7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0      [stack]', 136),
      mapping('7ffd00100000-7ffd00102000 r-xp 00000000 00:00 0      [vdso]', 8),
      '',
    ].join('\n');
    const kb = 1024;
    expect(summariseSmaps(text)).toEqual({
      rss: (40_000 + 300_000 + 100_000 + 1_000 + 500 + 2_000 + 136 + 8) * kb,
      mallocHeap: 300_000 * kb,
      anonymous: (100_000 + 1_000 + 500) * kb,
      files: (40_000 + 2_000) * kb,
      other: (136 + 8) * kb,
    });
  });

  it('reads nothing from an empty file', () => {
    expect(summariseSmaps('')).toEqual({ rss: 0, mallocHeap: 0, anonymous: 0, files: 0, other: 0 });
  });
});

describe('median', () => {
  it('is the middle reading, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
