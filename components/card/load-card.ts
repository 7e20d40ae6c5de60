import 'server-only';
import { cache } from 'react';
import { CARDS_TAG, cachedCardData, cardTag } from '@/lib/services/card-cache';
import { CARD_TOKEN_PATTERN, getCardByToken } from '@/lib/services/cards';
import { getSettings } from '@/lib/services/settings';
import { walletPassAvailable } from '@/lib/services/wallet';

export interface RewardCardData {
  card: { firstName: string; lastName: string; cardNumber: string };
  /** Whole pounds, from the referral reward setting. */
  rewardAmount: number;
  walletAvailable: boolean;
}

/** The card behind a token (invite token or branded slug), once per request: metadata and page share it. */
async function loadUncached(token: string): Promise<RewardCardData | null> {
  const [card, settings] = await Promise.all([getCardByToken(token), getSettings()]);
  if (!card) return null;
  return { card, rewardAmount: settings.referralRewardAmount, walletAvailable: walletPassAvailable() };
}

/**
 * The card behind a token (invite token or branded slug), through Next's cache until the card or the reward
 * setting changes (card-cache.ts); once per request, so metadata and page share it.
 */
export const loadRewardCard = cache(async (token: string | undefined): Promise<RewardCardData | null> => {
  if (!token || !CARD_TOKEN_PATTERN.test(token)) return null;
  return cachedCardData(() => loadUncached(token), ['reward-card', token], [cardTag(token), CARDS_TAG]);
});

/** The first value of a query parameter. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
