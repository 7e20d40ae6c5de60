import 'server-only';
import { cache } from 'react';
import { getCardByToken } from '@/lib/services/cards';
import { getSettings } from '@/lib/services/settings';
import { walletPassAvailable } from '@/lib/services/wallet';

export interface RewardCardData {
  card: { firstName: string; lastName: string; cardNumber: string };
  /** Whole pounds, from the referral reward setting. */
  rewardAmount: number;
  walletAvailable: boolean;
}

/** The card behind a token (invite token or branded slug), once per request: metadata and page share it. */
export const loadRewardCard = cache(async (token: string | undefined): Promise<RewardCardData | null> => {
  if (!token) return null;
  const [card, settings] = await Promise.all([getCardByToken(token), getSettings()]);
  if (!card) return null;
  return { card, rewardAmount: settings.referralRewardAmount, walletAvailable: walletPassAvailable() };
});

/** The first value of a query parameter. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
