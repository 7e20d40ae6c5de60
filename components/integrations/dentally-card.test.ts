import { lastSyncLine, waitLine } from './dentally-card';
import type { DentallyStateDto } from '@/lib/dto/dentally';

const state: DentallyStateDto = {
  connected: true,
  siteId: null,
  tokenHint: 'ab12',
  status: 'ok',
  lastError: null,
  lastStartedAt: '2026-11-27T14:04:00.000Z',
  lastFinishedAt: '2026-11-27T14:05:00.000Z',
  retryAfter: null,
  lastRead: 12,
  lastNew: 3,
  lastMatched: 2,
  lastProposed: 2,
};

describe('the Dentally card’s lines', () => {
  it('says how the last sync went, en-GB, UK time', () => {
    expect(lastSyncLine(state)).toBe(
      'Last sync: 27 Nov 2026, 14:05 — 12 appointments read, 3 new, 2 matched, 2 proposed',
    );
    expect(lastSyncLine({ ...state, lastRead: 1 })).toContain('1 appointment read');
    expect(lastSyncLine({ ...state, lastFinishedAt: null })).toBeNull();
  });

  it('says until when Dentally asked us to wait (the date too when not today)', () => {
    const now = new Date('2026-11-27T14:05:00Z');
    expect(waitLine('2026-11-27T14:20:00.000Z', now)).toBe('Dentally asked us to wait until 14:20');
    expect(waitLine('2026-11-28T09:00:00.000Z', now)).toBe(
      'Dentally asked us to wait until 28 Nov 2026, 09:00',
    );
  });
});
