/**
 * Pure helpers of the Clients & Referrals tab: referral stages, searching the loaded clients and referrals,
 * the leaderboard and keeping a client's referrals (and count) current after a change. No React, no fetch.
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

// ---------------------------------------------------------------------------------------------- searching

/** Lower case, accents dropped (Zoë → zoe), spaces collapsed and trimmed: what searches compare. */
export function normaliseText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-GB').replace(/\s+/g, ' ').trim();
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A query made only of what phone numbers are written with (digits, spaces, + - ( ) .), with 3+ digits. */
function phoneDigits(query: string): string | null {
  if (!/^[\d\s+().-]+$/.test(query)) return null;
  const digits = digitsOf(query);
  return digits.length >= 3 ? digits : null;
}

/** A stored phone (+447123456789) matches digits typed either way: 07123 456789, 447123..., 7123 456. */
function phoneMatches(phone: string | null, digits: string): boolean {
  if (!phone) return false;
  const stored = digitsOf(phone);
  if (stored.includes(digits)) return true;
  // A British number typed with its trunk 0: 07123 → 447123.
  return digits.startsWith('0') && stored.includes(`44${digits.slice(1)}`);
}

/** Every word of the query appears in one of the texts (any order): 'jane acme' finds Jane at Acme Ltd. */
function wordsMatch(texts: (string | null | undefined)[], query: string): boolean {
  const haystack = texts
    .filter((t): t is string => Boolean(t))
    .map(normaliseText)
    .join('\n');
  return normaliseText(query)
    .split(' ')
    .every((word) => haystack.includes(word));
}

/** Client search (name, email, card number with or without hyphens, affiliate company). */
export function clientMatches(client: ClientDto, query: string): boolean {
  const q = query.trim();
  if (!q) return false;
  return wordsMatch(
    [
      fullName(client),
      client.email,
      client.cardNumber,
      client.cardNumber.replace(/-/g, ''),
      client.affiliateCompany,
    ],
    q,
  );
}

/** The clients that match, in the list's order (newest first). An empty query matches nothing. */
export function searchClients(clients: readonly ClientDto[], query: string): ClientDto[] {
  if (!query.trim()) return [];
  return clients.filter((client) => clientMatches(client, query));
}

/** Referral search (the lead's name, email and phone). */
export function referralMatches(referral: ReferralDto, query: string): boolean {
  const q = query.trim();
  if (!q) return false;
  const digits = phoneDigits(q);
  if (digits && phoneMatches(referral.phone, digits)) return true;
  return wordsMatch([referral.name, referral.email, referral.phone], q);
}

export interface ReferralMatch {
  /** The client who referred the lead. */
  client: ClientDto;
  referral: ReferralDto;
}

/** The referrals of every client that match, newest first. An empty query matches nothing. */
export function searchReferrals(clients: readonly ClientDto[], query: string): ReferralMatch[] {
  if (!query.trim()) return [];
  const matches: ReferralMatch[] = [];
  for (const client of clients) {
    for (const referral of client.referrals) {
      if (referralMatches(referral, query)) matches.push({ client, referral });
    }
  }
  return matches.sort((a, b) => compareIso(b.referral.createdAt, a.referral.createdAt));
}

function compareIso(a: string, b: string): number {
  return new Date(a).getTime() - new Date(b).getTime();
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
 * Clients ranked by referral count, highest first; a tie goes to the client registered earlier (then by
 * name, for a stable order). Only clients with at least one referral; the first `size`.
 */
export function leaderboard(clients: readonly ClientDto[], size = LEADERBOARD_SIZE): LeaderboardEntry[] {
  return clients
    .filter((client) => client.referralCount > 0)
    .sort(
      (a, b) =>
        b.referralCount - a.referralCount ||
        compareIso(a.createdAt, b.createdAt) ||
        fullName(a).localeCompare(fullName(b), 'en-GB'),
    )
    .slice(0, size)
    .map((client, index) => ({
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

/** The client with `referral` added at the top (new) or replaced where it is (known); count kept in step. */
export function withReferral(client: ClientDto, referral: ReferralDto): ClientDto {
  const known = client.referrals.some((r) => r.id === referral.id);
  const referrals = known
    ? client.referrals.map((r) => (r.id === referral.id ? referral : r))
    : [referral, ...client.referrals];
  return { ...client, referrals, referralCount: referrals.length };
}

/** The client without that referral; count kept in step. */
export function withoutReferral(client: ClientDto, referralId: string): ClientDto {
  const referrals = client.referrals.filter((r) => r.id !== referralId);
  return { ...client, referrals, referralCount: referrals.length };
}

// ------------------------------------------------------------------------------------------------ delete

/** Delete Referral (spec section 4): the typed text must equal the referral's name, ignoring case. */
export function confirmsReferralName(typed: string, name: string): boolean {
  return typed.trim().toLocaleLowerCase('en-GB') === name.trim().toLocaleLowerCase('en-GB');
}
