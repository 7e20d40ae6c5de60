import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { DentallyCard, lastSyncLine, waitLine } from './dentally-card';
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

describe('DentallyCard', () => {
  const render = (initial: DentallyStateDto) =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <DentallyCard initial={initial} />
      </QueryClientProvider>,
    );

  it('not connected: a password field for the token, the site, Save, and no Sync now or Disconnect', () => {
    const html = render({
      ...state,
      connected: false,
      tokenHint: null,
      lastFinishedAt: null,
      status: 'never',
    });
    expect(html).toMatch(
      /<input[^>]*type="password"[^>]*autoComplete="new-password"|<input[^>]*autoComplete="new-password"[^>]*type="password"/i,
    );
    expect(html).toContain('Site ID (optional)');
    expect(html).toContain('>Save<');
    expect(html).not.toContain('Sync now');
    expect(html).not.toContain('Disconnect');
    expect(html).toContain('Not connected.');
  });

  it('connected: the token’s last four only, the last sync, Sync now and Disconnect', () => {
    const html = render(state);
    expect(html).toContain('A token ending ab12 is saved.');
    expect(html).toContain(
      'Last sync: 27 Nov 2026, 14:05 — 12 appointments read, 3 new, 2 matched, 2 proposed',
    );
    expect(html).toContain('Sync now');
    expect(html).toContain('Disconnect');
  });

  it('a rejected token, and a wait Dentally asked for', () => {
    expect(render({ ...state, status: 'token_rejected' })).toContain(
      'Token rejected — Dentally refused the token. Save a new one to start again.',
    );
    const later = new Date(Date.now() + 15 * 60_000).toISOString();
    const html = render({ ...state, status: 'rate_limited', retryAfter: later });
    expect(html).toContain('Dentally asked us to wait until');
    expect(html).toContain('No sync runs before then');
  });
});
