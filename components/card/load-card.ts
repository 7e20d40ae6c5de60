import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { cardIdentity, CARD_TOKEN_PATTERN } from '@/lib/card-address';
import { HttpError } from '@/lib/api/errors';
import { rememberCard } from '@/lib/known-cards';
import { getCardByToken } from '@/lib/services/cards';
import { countFailedCardLookup } from '@/lib/services/public-limits';
import { getSettings } from '@/lib/services/settings';
import { toClinic, type Clinic } from '@/lib/clinic';
import { rewardText } from '@/lib/offer';
import { toPublicOffer, type PublicOffer } from '@/components/lead-form/links';
import { googleWalletAvailable, walletPassAvailable } from '@/lib/services/wallet';

export interface RewardCardData {
  card: { firstName: string; lastName: string; cardNumber: string };
  /** Whole pounds, from the referral reward setting. */
  rewardAmount: number;
  /** Which wallet buttons can work here (only those are shown). */
  wallets: { apple: boolean; google: boolean };
  /** The clinic whose card it is (its name, logo and colour are on the card). */
  clinic: Clinic;
  /** What the referrer earns, in the clinic's words with the amount filled in: '£200 cash per referral'. */
  rewardText: string;
  /** The friend's offer in the clinic's words (issue 29), its button carrying this card's number. */
  offer: PublicOffer;
  /** What the share message invites a friend to do. */
  offerInvitation: string;
}

/**
 * The card behind a token (invite token or branded address), read from the database on every request (no
 * instance keeps a copy: an edit, a deletion or a changed setting through any instance shows on the next
 * request; lib/services/cards.ts). Once per request, so metadata and page share it; nothing is kept for a miss.
 */
export const loadRewardCard = cache(async (token: string | undefined): Promise<RewardCardData | null> => {
  if (!token || !CARD_TOKEN_PATTERN.test(token)) return null;
  const [card, settings] = await Promise.all([getCardByToken(token), getSettings()]);
  if (!card) return null;
  return {
    card,
    rewardAmount: settings.referralRewardAmount,
    wallets: { apple: walletPassAvailable(), google: googleWalletAvailable() },
    clinic: toClinic(settings),
    rewardText: rewardText(settings.rewardWording, settings.referralRewardAmount),
    offer: toPublicOffer(settings, card.cardNumber),
    offerInvitation: settings.offerInvitation,
  };
});

export type CardLookup =
  | { status: 'found'; data: RewardCardData }
  | { status: 'missing' }
  | { status: 'limited'; retryAfterSeconds: number };

/**
 * The counted lookup behind the dynamic card pages (card-lookup, referral-reward-card): a card found is
 * remembered for proxy.ts (later visits go straight to the card page); a miss, even a missing token, counts
 * against the caller's address, and once that has used up its failures the answer is 'limited'.
 */
export async function lookupRewardCardFor(token: string | undefined, headers: Headers): Promise<CardLookup> {
  if (!token) return { status: 'missing' }; // no address was tried: nothing to count
  const data = await loadRewardCard(token);
  if (data) {
    rememberCard(cardIdentity(token));
    return { status: 'found', data };
  }
  try {
    await countFailedCardLookup(headers);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      return { status: 'limited', retryAfterSeconds: Number(error.headers['Retry-After']) };
    }
    throw error;
  }
  return { status: 'missing' };
}

/** lookupRewardCardFor with the request's headers, once per request: metadata and page count one miss. */
export const lookupRewardCard = cache(async (token: string | undefined): Promise<CardLookup> =>
  lookupRewardCardFor(token, await headers()),
);

/** The first value of a query parameter. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
