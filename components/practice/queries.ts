import { queryOptions } from '@tanstack/react-query';
import { call, callPage, endpointKey, endpointPages } from '@/lib/contract/client';
import * as practice from '@/lib/contract/practice';
import * as settings from '@/lib/contract/settings';
import type { PracticeMatchDto } from '@/lib/dto/practice-matches';
import { settingsKeys } from '@/lib/query/keys';

export type MatchStatus = PracticeMatchDto['status'];

/** Proposals a page at a time: enough for a clinic's week, the rest behind Show more. */
export const PRACTICE_PAGE_SIZE = 50;

/** GET /api/practice-matches of one status, newest first, paged by cursor. */
export const matchListQuery = (status: MatchStatus) =>
  endpointPages(practice.listMatches, { query: { status, limit: PRACTICE_PAGE_SIZE } });

/** The key of a status's list, for a decision that takes a row out of it at once (mutations.ts). */
export const matchListKey = (status: MatchStatus) =>
  endpointKey(practice.listMatches, { query: { status, limit: PRACTICE_PAGE_SIZE } });

/** Every list of proposals, and the dashboard's count, by the root of their keys. */
export const matchListRoot = () => endpointKey(practice.listMatches).slice(0, 2) as readonly unknown[];

/**
 * How many proposals wait (X-Total-Count of the smallest page), for the dashboard's prompt. In the referrals'
 * area, so a decision anywhere (which invalidates referrals) brings it up to date.
 */
export const proposedCountQuery = () =>
  queryOptions({
    queryKey: [...matchListRoot(), 'proposed-count'] as const,
    queryFn: async ({ signal }) =>
      (await callPage(practice.listMatches, { query: { status: 'proposed', limit: 1 } }, { signal })).total,
  });

/** The settings, under their own key (saving them updates it), for the automatic-confirmation switch. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.settings(),
    queryFn: ({ signal }) => call(settings.get, {}, { signal }),
  });
