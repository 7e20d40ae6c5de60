import 'server-only';
import { notFound } from '@/lib/api/errors';
import { cardKeyOf, CARD_TOKEN_PATTERN } from '@/lib/card-address';
import { db } from '@/lib/db';
import type { CardDto } from '@/lib/dto/public';
import { countFailedCardLookup } from './public-limits';

export { CARD_TOKEN_PATTERN };

export type { CardDto };

const cardSelect = { firstName: true, lastName: true, cardNumber: true } as const;

/**
 * The public card for an invite token or a branded address (found by its key alone, whatever name precedes
 * it): the cardholder's name and card number, nothing else. A name without a key finds nothing, and neither
 * does a deleted client's card. Read from PostgreSQL on every request, by every instance: no instance keeps a
 * copy of a card, so an edit or a deletion made through any instance is seen on the very next request through
 * any other (issue 32 point 5; the measurement behind it is in docs/benchmarks.md, "Several instances").
 */
export async function getCardByToken(token: string): Promise<CardDto | null> {
  if (!CARD_TOKEN_PATTERN.test(token)) return null;
  const key = cardKeyOf(token);
  return db.client.findFirst({
    where: {
      ...(key ? { OR: [{ inviteToken: token }, { cardKey: key }] } : { inviteToken: token }),
      deletedAt: null,
    },
    select: cardSelect,
  });
}

/** The referrer behind a card number (the lead form's 'Recommended by'). */
export async function getCardholderByNumber(cardNumber: string): Promise<CardDto | null> {
  const normalised = cardNumber.trim().toUpperCase();
  if (!/^SC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(normalised)) return null;
  return db.client.findUnique({
    // A deleted client's card number stays in the payment records, but no longer finds a card.
    where: { cardNumber: normalised, deletedAt: null },
    select: cardSelect,
  });
}

/**
 * The answer to a public lookup that found nothing: the miss is counted against the caller's address, then
 * 404 with `message`, or 429 once the address has used up its failures (public-limits.ts).
 */
export async function failCardLookup(headers: Headers, message: string): Promise<never> {
  await countFailedCardLookup(headers);
  throw notFound(message);
}
