/**
 * Pure helpers of the paged client list: merging pages, and the clients this page put in front of them
 * (added here, or brought in by a search or the leaderboard). No React, no fetch.
 */
import type { ClientDto } from './types';

/** The first page, after the clients met on this page while it loaded (they stay in front, newest first). */
export function withFirstPage(page: readonly ClientDto[], local: readonly ClientDto[]): ClientDto[] {
  const ids = new Set(page.map((c) => c.id));
  return [...local.filter((c) => !ids.has(c.id)), ...page];
}

/** The list followed by the next page, without repeating a client already shown (one put in front). */
export function withNextPage(list: readonly ClientDto[], page: readonly ClientDto[]): ClientDto[] {
  const ids = new Set(list.map((c) => c.id));
  return [...list, ...page.filter((c) => !ids.has(c.id))];
}

/** A client not in the list goes to the top; a known one is replaced where it is. */
export function withClient(list: readonly ClientDto[], client: ClientDto): ClientDto[] {
  return list.some((c) => c.id === client.id)
    ? list.map((c) => (c.id === client.id ? client : c))
    : [client, ...list];
}

/** The clients on screen, said in numbers: 'Showing 50 of 100,000 clients'. */
export function showingText(shown: number, total: number): string {
  const of = Math.max(shown, total);
  return `Showing ${shown.toLocaleString('en-GB')} of ${of.toLocaleString('en-GB')} ${of === 1 ? 'client' : 'clients'}`;
}
