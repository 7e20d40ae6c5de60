import { backupFileName } from './format';
import { backupFilesIn, dayKey, monthKey, planRetention, weekKey, type BackupFile } from './retention';

const DAY = 86_400_000;
const file = (at: string | Date, reason: BackupFile['reason'] = 'daily'): BackupFile => {
  const createdAt = new Date(at);
  return {
    name: backupFileName({ createdAt, appVersion: '0.1.0', lastMigration: 'm', encrypted: false }),
    createdAt,
    reason,
  };
};
const names = (files: BackupFile[]) => files.map((f) => f.createdAt.toISOString()).sort();

/** One daily copy at 02:30 UTC for `days` days ending on `last`. */
function dailyRun(last: string, days: number): BackupFile[] {
  const end = new Date(last).getTime();
  return Array.from({ length: days }, (_, i) => file(new Date(end - i * DAY)));
}

describe('the calendar keys (UK time)', () => {
  it('puts 23:30 UTC in summer on the next UK day, and in winter on the same day', () => {
    expect(dayKey(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(dayKey(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });

  it('numbers ISO weeks, whose year can differ from the calendar year', () => {
    expect(weekKey(new Date('2026-11-27T12:00:00Z'))).toBe('2026-W48');
    expect(weekKey(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53'); // a Friday in 2026's last week
    expect(weekKey(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01'); // a Monday in 2025's first week
    // Sunday and the Monday after are in different weeks.
    expect(weekKey(new Date('2026-11-29T12:00:00Z'))).toBe('2026-W48');
    expect(weekKey(new Date('2026-11-30T12:00:00Z'))).toBe('2026-W49');
  });

  it('takes the month in UK time', () => {
    expect(monthKey(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07');
    expect(monthKey(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12');
  });
});

describe('planRetention', () => {
  const now = new Date('2026-11-27T03:00:00Z');

  it('keeps everything while there are fewer copies than the rules allow', () => {
    const files = dailyRun('2026-11-27T02:30:00Z', 5);
    expect(planRetention(files, now).remove).toEqual([]);
  });

  it('keeps 7 daily, 4 weekly and 6 monthly copies of a year of daily backups', () => {
    const files = dailyRun('2026-11-27T02:30:00Z', 365);
    const { keep, remove } = planRetention(files, now);
    expect(keep.length + remove.length).toBe(365);
    expect(names(keep)).toEqual(
      [
        // 7 daily: 21–27 Nov
        ...[21, 22, 23, 24, 25, 26, 27].map((d) => `2026-11-${d}T02:30:00.000Z`),
        // 4 weekly, the newest of each ISO week: W48 is the 27th (kept above); W47 ends Sun 22nd (above);
        // W46 Sun 15th, W45 Sun 8th
        '2026-11-15T02:30:00.000Z',
        '2026-11-08T02:30:00.000Z',
        // 6 monthly, the newest of each month: Nov (27th above), Oct 31st, Sep 30th, Aug 31st, Jul 31st, Jun 30th
        '2026-10-31T02:30:00.000Z',
        '2026-09-30T02:30:00.000Z',
        '2026-08-31T02:30:00.000Z',
        '2026-07-31T02:30:00.000Z',
        '2026-06-30T02:30:00.000Z',
      ].sort(),
    );
  });

  it('keeps the newest copy of a day when there are several', () => {
    const files = [file('2026-11-27T02:30:00Z'), file('2026-11-27T15:00:00Z', 'manual')];
    const later = new Date('2027-02-01T00:00:00Z'); // past the manual copy's 30 days
    const plan = planRetention(
      [...files, ...dailyRun('2026-11-26T02:30:00Z', 30)],
      later, // (the day's two copies are both in one week and one month: only the newest is picked)
    );
    expect(plan.keep.map((f) => f.createdAt.toISOString())).toContain('2026-11-27T15:00:00.000Z');
    expect(plan.remove.map((f) => f.createdAt.toISOString())).toContain('2026-11-27T02:30:00.000Z');
  });

  it('counts days that have a copy, so a server that was off keeps 7 daily copies', () => {
    const before = dailyRun('2026-11-01T02:30:00Z', 10); // then nothing for 26 days
    const files = [file('2026-11-27T02:30:00Z'), ...before];
    const { keep } = planRetention(files, now);
    expect(names(keep)).toEqual(
      expect.arrayContaining([
        '2026-11-27T02:30:00.000Z',
        ...[27, 28, 29, 30, 31].map((d) => `2026-10-${d}T02:30:00.000Z`),
        '2026-11-01T02:30:00.000Z',
      ]),
    );
  });

  it('keeps copies not made by the daily job for 30 days, then treats them like the others', () => {
    const daily = dailyRun('2026-11-27T02:30:00Z', 60);
    // Made before an upgrade 20 days ago, and by hand 40 days ago, each a minute after that day's daily copy.
    const upgrade = file('2026-11-07T02:31:00Z', 'pre-migration');
    const manual = file('2026-10-18T02:31:00Z', 'manual');
    const unknown = file('2026-11-06T02:31:00Z', null);
    const dailyOfUpgradeDay = daily.find((f) => f.createdAt.toISOString().startsWith('2026-11-07'))!;
    const { keep, remove } = planRetention([...daily, upgrade, manual, unknown], now);
    expect(keep).toContain(upgrade);
    expect(keep).toContain(unknown);
    expect(remove).toContain(manual); // older than 30 days and not picked by any rule
    expect(remove).toContain(dailyOfUpgradeDay); // the upgrade's copy is that day's newest
  });

  it('never removes a copy dated after now (a clock that was put back)', () => {
    const future = file('2027-03-01T02:30:00Z');
    const files = [future, ...dailyRun('2026-11-27T02:30:00Z', 40)];
    expect(planRetention(files, now).keep).toContain(future);
  });

  it('is the same whatever order the files come in', () => {
    const files = dailyRun('2026-11-27T02:30:00Z', 100);
    const shuffled = [...files].reverse();
    expect(names(planRetention(shuffled, now).keep)).toEqual(names(planRetention(files, now).keep));
  });
});

describe('backupFilesIn', () => {
  it('considers only the names the app writes', () => {
    const own = file('2026-11-27T02:30:00Z').name;
    const found = backupFilesIn(
      [
        own,
        `${own}.partial`,
        'smile-referrals-2026-11-27T023000Z-v0.1.0-m-2.backup.enc',
        'notes.txt',
        'smile-referrals-keys.json',
        'other-app-2026-11-27T023000Z.backup',
      ],
      (name) => (name === own ? 'daily' : null),
    );
    expect(found.map((f) => [f.name, f.reason])).toEqual([
      [own, 'daily'],
      ['smile-referrals-2026-11-27T023000Z-v0.1.0-m-2.backup.enc', null],
    ]);
  });
});
