import 'server-only';
import { db } from '@/lib/db';
import { cachedCardData, cardTag } from './card-cache';

export interface CardDto {
  firstName: string;
  lastName: string;
  cardNumber: string;
}

/** Invite tokens and branded slugs are letters, digits, '-' and '_'; anything else cannot be a card. */
export const CARD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The public card for an invite token or a branded slug: the cardholder's name and card number, nothing else.
 * A deleted client's card is not found.
 */
export async function getCardByToken(token: string): Promise<CardDto | null> {
  if (!CARD_TOKEN_PATTERN.test(token)) return null;
  return db.client.findFirst({
    where: { OR: [{ inviteToken: token }, { brandedSlug: token }], deletedAt: null },
    select: { firstName: true, lastName: true, cardNumber: true },
  });
}

/** getCardByToken through Next's cache (card-cache.ts): what the public card API answers. */
export function cachedCardByToken(token: string): Promise<CardDto | null> {
  if (!CARD_TOKEN_PATTERN.test(token)) return Promise.resolve(null);
  return cachedCardData(() => getCardByToken(token), ['card-api', token], [cardTag(token)]);
}

/** The referrer behind a card number (the lead form's 'Recommended by'). */
export async function getCardholderByNumber(cardNumber: string): Promise<CardDto | null> {
  const normalised = cardNumber.trim().toUpperCase();
  if (!/^SC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(normalised)) return null;
  return db.client.findUnique({
    // A deleted client's card number stays in the payment records, but no longer finds a card.
    where: { cardNumber: normalised, deletedAt: null },
    select: { firstName: true, lastName: true, cardNumber: true },
  });
}
