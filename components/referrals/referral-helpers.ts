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

// ------------------------------------------------------------------------------------------------ delete

/** Delete Referral (spec section 4): the typed text must equal the referral's name, ignoring case. */
export function confirmsReferralName(typed: string, name: string): boolean {
  return typed.trim().toLocaleLowerCase('en-GB') === name.trim().toLocaleLowerCase('en-GB');
}
