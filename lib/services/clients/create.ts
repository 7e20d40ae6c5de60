/**
 * Adding a client (and sending their card), and the branded link for a client named by their names.
 */
import 'server-only';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { cardMessage } from '../messages';
import { getSettings } from '../settings';
import { toPence } from '@/lib/money';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { newCardNumber, newInviteToken } from '@/lib/codes';
import { cardUrlOf } from '@/lib/card-address';
import { rememberCard } from '@/lib/known-cards';
import type { ClientDto } from '@/lib/dto/clients';
import { clientSelect } from '@/lib/dto/clients-map';
import { CLIENT_EXISTS_TEXT, type Viewer, clientDtoFor, toDtos } from './rows';

export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

async function existingByEmail(email: string, viewer: Viewer) {
  const row = await db.client.findUnique({ where: { email }, select: clientSelect });
  return row ? clientDtoFor(row, viewer) : null;
}

/**
 * Registers a client with a new card number, invite token and card key (the database makes the key). The
 * same email again (the schema lower-cases it) is a 409 carrying the existing client, and nothing new is
 * written. A clash of the random card number, token or key is retried.
 */
export async function createClient(
  input: {
    firstName: string;
    lastName: string;
    email: string;
    affiliateCompany?: string | null;
    phone?: string | null;
    sendCard?: boolean;
  },
  viewer: Viewer,
): Promise<ClientDto> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await existingByEmail(input.email, viewer);
    if (existing) throw conflict(CLIENT_EXISTS_TEXT, { client: existing });
    try {
      const settings = input.sendCard ? await getSettings() : null;
      const rewardPence = settings ? toPence(settings.referralRewardAmount) : 0;
      const row = await db.$transaction(async (tx) => {
        const created = await tx.client.create({
          data: {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            affiliateCompany: input.affiliateCompany ?? null,
            phone: input.phone ?? null,
            cardNumber: newCardNumber(),
            inviteToken: newInviteToken(),
          },
          select: clientSelect,
        });
        // 'Send the card by email' in Add Client: the message is written with the client (the outbox).
        if (input.sendCard) {
          await queueMessages(tx, [
            cardMessage({ ...created, email: input.email, rewardPence }, settings?.clinicName),
          ]);
        }
        return created;
      });
      if (input.sendCard) kickMessages();
      // Its links are handed out now: their first visits go straight to the card page (proxy.ts).
      rememberCard(row.inviteToken);
      rememberCard(row.cardKey);
      const [dto] = await toDtos([row], viewer);
      return dto!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not allocate a unique card number; please try again.');
}

/**
 * The branded link for a client named so (spec section 7 sends only the names; the newest such client), or for
 * `clientId`: /card/{first-last}-{cardKey}. Unknown name → 404.
 */
export async function brandedLinkFor(
  input: { firstName: string; lastName: string; clientId?: string },
  viewer: Viewer,
): Promise<string> {
  const client = await db.client.findFirst({
    where: input.clientId
      ? { id: input.clientId, deletedAt: null }
      : {
          firstName: { equals: input.firstName, mode: 'insensitive' },
          lastName: { equals: input.lastName, mode: 'insensitive' },
          deletedAt: null,
        },
    orderBy: { createdAt: 'desc' },
    select: { firstName: true, lastName: true, cardKey: true },
  });
  if (!client) throw notFound('No client has that name.');
  return cardUrlOf(viewer.origin, client);
}
