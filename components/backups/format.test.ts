import { formatBackupTime, formatBytes, lastBackupLine, scheduleWords } from './format';

describe('the backups in words', () => {
  it('writes the time in UK time, en-GB', () => {
    expect(formatBackupTime('2026-11-27T02:30:00Z')).toBe('27 Nov 2026, 02:30');
    expect(formatBackupTime('2026-07-01T01:30:00Z')).toBe('1 Jul 2026, 02:30'); // BST
  });

  it('writes sizes as file managers do', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(830 * 1024)).toBe('830 KB');
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it("says 'Last backup: …' or 'No backup yet'", () => {
    expect(lastBackupLine({ at: '2026-11-27T02:30:00Z', bytes: 4.2 * 1024 * 1024 })).toBe(
      'Last backup: 27 Nov 2026, 02:30 (4.2 MB)',
    );
    expect(lastBackupLine(null)).toBe('No backup yet');
  });

  it('reads a daily cron expression, and shows any other as it is', () => {
    expect(scheduleWords('30 2 * * *')).toBe('every day at 02:30 (UK time)');
    expect(scheduleWords('5 23 * * *')).toBe('every day at 23:05 (UK time)');
    expect(scheduleWords('0 */6 * * *')).toBe('on the schedule 0 */6 * * * (UK time)');
  });
});
