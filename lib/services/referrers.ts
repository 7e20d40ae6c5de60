import 'server-only';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { fullName } from '@/lib/names';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CARD_NUMBER = /^SC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export interface Referrer {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  cardNumber: string;
}

const referrerSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  cardNumber: true,
} satisfies Prisma.ClientSelect;

/**
 * The client behind a referrerId: a client id (manual entry) or a card number in any case (the public form's
 * ref). Anything that can be neither, and a deleted client, is simply unknown.
 */
export async function findReferrer(referrerId: string): Promise<Referrer | null> {
  const value = referrerId.trim();
  if (UUID.test(value))
    return db.client.findUnique({
      where: { id: value.toLowerCase(), deletedAt: null },
      select: referrerSelect,
    });
  const cardNumber = value.toUpperCase();
  if (CARD_NUMBER.test(cardNumber))
    return db.client.findUnique({ where: { cardNumber, deletedAt: null }, select: referrerSelect });
  return null;
}

/** A person's name (lib/names.ts), for the services that import it from here. */
export { fullName };

/** How the payment records name a client who was deleted (their names are erased; the card number stays). */
export const DELETED_CLIENT_TEXT = 'Deleted client';
export const deletedClientLabel = (cardNumber: string) => `${DELETED_CLIENT_TEXT} (${cardNumber})`;

/** A client's name as the payment records show it. */
export const clientDisplayName = (client: { firstName: string; lastName: string; deletedAt: Date | null }) =>
  client.deletedAt ? DELETED_CLIENT_TEXT : fullName(client);
