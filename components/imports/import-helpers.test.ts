import type { ClientImportDto } from '@/lib/dto/imports';
import {
  bannerAnnouncement,
  bannerText,
  canUndo,
  countOf,
  fileTooLargeText,
  historyFigures,
  progressPercent,
  progressText,
  sendingTimeText,
  startBlockedReason,
  startLabel,
  timeLeftText,
  undoResultText,
} from './import-helpers';

const counts = (over: Partial<ClientImportDto['counts']> = {}): ClientImportDto['counts'] => ({
  rows: 0,
  toAdd: 0,
  existing: 0,
  duplicates: 0,
  errors: 0,
  added: 0,
  updated: 0,
  ...over,
});

const undo = (over: Partial<ClientImportDto['undo']> = {}): ClientImportDto['undo'] => ({
  until: null,
  doneAt: null,
  removed: null,
  kept: null,
  ...over,
});

describe('timeLeftText', () => {
  it('says nothing before there is an estimate', () => {
    expect(timeLeftText(null)).toBeNull();
    expect(timeLeftText(undefined)).toBeNull();
  });

  it('rounds up to whole minutes, and hours past the hour', () => {
    expect(timeLeftText(0)).toBe('less than a minute left');
    expect(timeLeftText(59)).toBe('less than a minute left');
    expect(timeLeftText(60)).toBe('about 1 min left');
    expect(timeLeftText(61)).toBe('about 2 min left');
    expect(timeLeftText(3599)).toBe('about 1 h left');
    expect(timeLeftText(3600)).toBe('about 1 h left');
    expect(timeLeftText(3600 + 5 * 60)).toBe('about 1 h 5 min left');
  });
});

describe('progress', () => {
  it('is whole per cent, never over 100, and 0 with nothing to do', () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressPercent({ done: 12_400, total: 50_000 })).toBe(24);
    expect(progressPercent({ done: 49_999, total: 50_000 })).toBe(99);
    expect(progressPercent({ done: 50_000, total: 50_000 })).toBe(100);
    expect(progressPercent({ done: 60, total: 50 })).toBe(100);
  });

  it('reads as rows done of the total with the time left', () => {
    expect(progressText({ done: 12_400, total: 50_000, secondsLeft: 110 })).toBe(
      '12,400 of 50,000 rows · about 2 min left',
    );
    expect(progressText({ done: 0, total: 1, secondsLeft: null })).toBe('0 of 1 row');
    // Once every row is done no time is left to tell.
    expect(progressText({ done: 10, total: 10, secondsLeft: 0 })).toBe('10 of 10 rows');
    expect(progressText(null)).toBe('Starting…');
  });

  it('gives the banner its line, and screen readers only each tenth of the way', () => {
    expect(bannerText({ done: 20_000, total: 50_000, secondsLeft: 30 })).toBe(
      'Importing clients: 40% (20,000 of 50,000)',
    );
    expect(bannerAnnouncement({ done: 20_000, total: 50_000, secondsLeft: 30 })).toBe(
      'Importing clients: 40% done',
    );
    expect(bannerAnnouncement({ done: 24_999, total: 50_000, secondsLeft: 30 })).toBe(
      'Importing clients: 40% done',
    );
  });
});

describe('starting', () => {
  it('names how many clients it adds', () => {
    expect(startLabel({ counts: counts({ toAdd: 1 }) }, false)).toBe('Import 1 client');
    expect(startLabel({ counts: counts({ toAdd: 1_200 }) }, false)).toBe('Import 1,200 clients');
    expect(startLabel({ counts: counts({ existing: 30 }) }, true)).toBe('Update the names of 30 clients');
  });

  it('cannot start with nothing to write, and says why', () => {
    expect(startBlockedReason({ counts: counts({ rows: 3, toAdd: 2 }) }, false)).toBeNull();
    expect(startBlockedReason({ counts: counts({ rows: 0 }) }, false)).toMatch(/no rows/);
    expect(startBlockedReason({ counts: counts({ rows: 4, existing: 4 }) }, false)).toMatch(
      /already registered.*Update their names/,
    );
    // Updating the existing clients' names is something to do.
    expect(startBlockedReason({ counts: counts({ rows: 4, existing: 4 }) }, true)).toBeNull();
    expect(startBlockedReason({ counts: counts({ rows: 4, errors: 4 }) }, false)).toMatch(/No row adds/);
  });
});

describe('canUndo', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const ran = {
    status: 'done' as const,
    counts: counts({ added: 5 }),
    undo: undo({ until: '2026-12-01T10:00:00.000Z' }),
  };

  it('is possible within the 7 days after a run that added clients', () => {
    expect(canUndo(ran, now)).toBe(true);
    expect(canUndo({ ...ran, status: 'cancelled' }, now)).toBe(true);
  });

  it('is not possible afterwards, twice, without clients, or for a run not finished', () => {
    expect(canUndo(ran, new Date('2026-12-01T10:00:00Z'))).toBe(false);
    expect(
      canUndo({ ...ran, undo: undo({ until: ran.undo.until, doneAt: '2026-11-27T09:00:00.000Z' }) }, now),
    ).toBe(false);
    expect(canUndo({ ...ran, counts: counts() }, now)).toBe(false);
    expect(canUndo({ ...ran, status: 'running' }, now)).toBe(false);
    expect(canUndo({ ...ran, status: 'undone' }, now)).toBe(false);
    expect(canUndo({ ...ran, undo: undo() }, now)).toBe(false);
  });
});

describe('words', () => {
  it('counts in en-GB with the right plural', () => {
    expect(countOf(1, 'client')).toBe('1 client');
    expect(countOf(20_000, 'client')).toBe('20,000 clients');
  });

  it('says what an undo removed and kept', () => {
    expect(undoResultText(undo({ removed: 1_180, kept: 0 }))).toBe(
      'Removed 1,180 clients this import added.',
    );
    expect(undoResultText(undo({ removed: 3, kept: 2 }))).toMatch(
      /^Removed 3 clients this import added\. Kept 2 who already have referrals/,
    );
    expect(undoResultText(undo({ removed: 3, kept: 1 }))).toMatch(/Kept 1 who already has referrals/);
  });

  it('says how long the cards take at the hourly rate', () => {
    expect(sendingTimeText(400, 500)).toBe('within the hour');
    expect(sendingTimeText(1_200, 500)).toBe('over about 3 hours');
  });

  it('sums an import up for the history', () => {
    expect(
      historyFigures({
        status: 'done',
        counts: counts({ rows: 1_200, toAdd: 1_150, added: 1_150, existing: 30, errors: 20 }),
        undo: undo(),
      }),
    ).toBe('1,200 rows · 1,150 added · 30 already clients · 20 with errors');
    expect(
      historyFigures({
        status: 'preview',
        counts: counts({ rows: 3, toAdd: 2, duplicates: 1 }),
        undo: undo(),
      }),
    ).toBe('3 rows · 2 to add · 1 repeated');
  });

  it('refuses a file over the limit before sending it', () => {
    expect(fileTooLargeText(20 * 1024 * 1024, 20 * 1024 * 1024)).toBeNull();
    expect(fileTooLargeText(25.3 * 1024 * 1024, 20 * 1024 * 1024)).toMatch(
      /^This file is 25\.3 MB; the most is 20 MB\./,
    );
  });
});
