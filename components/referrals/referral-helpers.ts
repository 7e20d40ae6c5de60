/**
 * Pure helpers of the Clients & Referrals tab: referral stages, the leaderboard's ranks and keeping a client's
 * loaded referrals (and count) current after a change. No React, no fetch. Searching and ranking happen on
 * the server: a clinic group's 500,000 referrals never reach the browser at once.
 */
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';

/** Spec sections 3 and 9: the reward shown when the server gives none. */
export const DEFAULT_REWARD_POUNDS = 50;

/** Where a referral is in its life (spec section 4), as the dashboard shows it. */
export type ReferralStage = 'pending' | 'inProgress' | 'owed' | 'paid';

export function referralStage(referral: Pick<ReferralDto, 'status' | 'rewardPaid'>): ReferralStage {
  if (referral.status === 'Payment Due') return referral.rewardPaid ? 'paid' : 'owed';
  return referral.status === 'In Progress' ? 'inProgress' : 'pending';
}

/** The reward of a referral whose story has started (owed or paid); null before that. */
export function rewardOf(referral: Pick<ReferralDto, 'status' | 'rewardAmount'>): number | null {
  if (referral.status !== 'Payment Due') return null;
  return referral.rewardAmount ?? DEFAULT_REWARD_POUNDS;
}

/** The client's name as the list shows it. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/** '1 result', '3 results', '1,204 results'. */
export function resultCountText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'result' : 'results'}`;
}

// -------------------------------------------------------------------------------------------- leaderboard

export type Medal = 'Gold' | 'Silver' | 'Bronze';
const MEDALS: readonly Medal[] = ['Gold', 'Silver', 'Bronze'];

export interface LeaderboardEntry {
  client: ClientDto;
  /** 1 for the first place. */
  rank: number;
  count: number;
  /** The top three only. */
  medal: Medal | null;
}

export const LEADERBOARD_SIZE = 10;

/**
 * The leaderboard's entries from GET /api/clients/leaderboard, which ranks (referral count, highest first;
 * earlier-registered first on a tie): place = position, medals for the first three.
 */
export function leaderboardEntries(ranked: readonly ClientDto[]): LeaderboardEntry[] {
  return ranked.slice(0, LEADERBOARD_SIZE).map((client, index) => ({
    client,
    rank: index + 1,
    count: client.referralCount,
    medal: MEDALS[index] ?? null,
  }));
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

// ------------------------------------------------------------------------------------------ list updates

/**
 * What happened to one referral of a client. Only the page knows whether a referral is new to the database
 * (it was just created or restored) or an existing one that changed: the loaded referrals are at most a page
 * of them, so the count can never be recounted from them.
 * - new: created (or restored after a deletion): counted, and first in the list.
 * - changed: its status or payment changed: replaced where it is, the count stays.
 * - shown: found by a search and shown in its client's row: put in its place by date, the count stays.
 * - removed: deleted: leaves the list and the count.
 */
export type ReferralChange =
  { kind: 'new' | 'changed' | 'shown'; referral: ReferralDto } | { kind: 'removed'; referralId: string };

/** The referral count after the change: +1 for a new one, -1 for a deleted one (never below 0). */
export function countAfter(count: number, change: ReferralChange): number {
  if (change.kind === 'new') return count + 1;
  if (change.kind === 'removed') return Math.max(0, count - 1);
  return count;
}

/** The client with its referral count after the change. */
export function withReferralCount(client: ClientDto, change: ReferralChange): ClientDto {
  const referralCount = countAfter(client.referralCount, change);
  return referralCount === client.referralCount ? client : { ...client, referralCount };
}

/** Newest first, as the server lists them (then by id, for the same instant). */
function newerFirst(a: ReferralDto, b: ReferralDto): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id.localeCompare(a.id);
}

/** A client's loaded referrals (newest first) after the change. */
export function withReferralChange(
  referrals: readonly ReferralDto[],
  change: ReferralChange,
): readonly ReferralDto[] {
  if (change.kind === 'removed') return referrals.filter((r) => r.id !== change.referralId);
  const { referral } = change;
  if (referrals.some((r) => r.id === referral.id)) {
    return referrals.map((r) => (r.id === referral.id ? referral : r));
  }
  if (change.kind === 'new') return [referral, ...referrals];
  // Changed but not loaded: it is on a page not fetched yet, which will bring it as it now is.
  if (change.kind === 'changed') return referrals;
  return [...referrals, referral].sort(newerFirst);
}

/**
 * The loaded referrals with the next page, newest first, without repeating one already there (a referral a
 * search showed early, or one added meanwhile, may come again).
 */
export function appendReferralPage(
  loaded: readonly ReferralDto[],
  page: readonly ReferralDto[],
): ReferralDto[] {
  const ids = new Set(loaded.map((r) => r.id));
  return [...loaded, ...page.filter((r) => !ids.has(r.id))].sort(newerFirst);
}

// ------------------------------------------------------------------------------------------------ delete

/** Delete Referral (spec section 4): the typed text must equal the referral's name, ignoring case. */
export function confirmsReferralName(typed: string, name: string): boolean {
  return typed.trim().toLocaleLowerCase('en-GB') === name.trim().toLocaleLowerCase('en-GB');
}
