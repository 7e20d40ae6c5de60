/**
 * "Send cards to N imported clients" (issue 33, point 6): the import itself never emails anyone; a full admin
 * asks afterwards, and the card emails go through the outbox at the clinic's hourly rate.
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ClientImportDto } from '@/lib/dto/imports';
import type { ClientImportStatus } from '@/lib/generated/prisma/client';
import { log } from '@/lib/log';
import { kickMessages, queueMessages, type MessageDraft } from '@/lib/messages/outbox';
import { toPence } from '@/lib/money';
import type { Actor } from '../actor';
import { cardMessage } from '../messages';
import { getSettings } from '../settings';
import { getImportDto, IMPORT_CARD_KEY_PREFIX, IMPORT_NOT_FOUND_TEXT } from './dto';

/** Card emails written per transaction. */
const CARDS_BATCH = 1_000;
const HOUR_MS = 3_600_000;

export const CARDS_NOT_FINISHED_TEXT: Partial<Record<ClientImportStatus, string>> = {
  preview: 'This import has not been run yet: its clients have no cards to send.',
  running: 'This import is still running: send the cards once it has finished.',
  failed: 'This import stopped part-way: start it again to finish it, then send the cards.',
  undone: 'This import was undone: its clients were removed.',
};
export const CARDS_ALL_SENT_TEXT =
  'Every imported client a card may go to has been sent it (or has it waiting to be sent).';
export const CARDS_NONE_MAY_TEXT =
  'None of the imported clients may be sent a card: none has marketing consent recorded, and the clinic does ' +
  'not rely on the soft opt-in for existing patients (Settings).';
export const CARDS_TURNED_OFF_TEXT =
  'Card emails are turned off in Settings → Emails: turn them on to send the cards.';

/** The event of an imported client's card email: with the kind and the address, each is written once. */
export const importCardEvent = (clientId: string) => `import-card:${clientId}`;

/**
 * When the i-th card email of a run of them may leave: evenly spread, `perHour` an hour, from `start`. The
 * i-th goes floor(i / perHour) hours plus (i mod perHour) / perHour of an hour after it.
 */
export function cardSendAt(start: Date, i: number, perHour: number): Date {
  return new Date(start.getTime() + Math.floor((i * HOUR_MS) / perHour));
}

/**
 * POST /api/imports/{id}/send-cards: queues the card email (Add Client's "Send the card by email", with its
 * unsubscribe link and List-Unsubscribe header) to each imported client it may go to: not deleted, with an
 * email, and with marketing consent recorded, or any of them when the clinic relies on the soft opt-in; not to
 * anyone who unsubscribed from card emails, and to each at most once. Throttled: card emails already waiting
 * from an earlier request are counted in, so the clinic's rate holds across requests. Written in batches, each
 * in a transaction with the import's count. Asking again later sends only to those not sent yet (after the
 * clinic turned the soft opt-in on, say); with none left it is a 409.
 */
export async function sendImportCards(id: string, actor: Actor): Promise<ClientImportDto> {
  const found = await db.clientImport.findUnique({
    where: { id },
    select: { status: true, cardsQueuedCount: true },
  });
  if (!found) throw notFound(IMPORT_NOT_FOUND_TEXT);
  const refusal = CARDS_NOT_FINISHED_TEXT[found.status];
  if (refusal) throw conflict(refusal);
  const settings = await getSettings();
  if (settings.messageKindsOff.includes('card-issued')) throw conflict(CARDS_TURNED_OFF_TEXT);
  const rewardPence = toPence(settings.referralRewardAmount);
  const perHour = settings.cardSendsPerHour;

  const requestedAt = new Date();
  let queued = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await db.$transaction(
      async (tx) => {
        // Batches of two requests at once take turns; each reads what the other wrote.
        const [head] = await tx.$queryRaw<{ status: ClientImportStatus }[]>`
          SELECT "status" FROM "client_imports" WHERE "id" = ${id}::uuid FOR UPDATE`;
        if (!head || CARDS_NOT_FINISHED_TEXT[head.status]) return null;
        const softOptIn = await tx.settings.findUnique({
          where: { id: 1 },
          select: { softOptInReliedOnAt: true },
        });
        const everyone = Boolean(softOptIn?.softOptInReliedOnAt);
        const clients = await tx.$queryRaw<
          { id: string; firstName: string; email: string; cardNumber: string }[]
        >`
          SELECT c."id", c."firstName", c."email", c."cardNumber" FROM "clients" c
          WHERE c."importId" = ${id}::uuid AND c."id" > ${after}::uuid
            AND c."deletedAt" IS NULL AND c."email" IS NOT NULL
            AND (c."marketingConsent" OR ${everyone})
            AND NOT EXISTS (SELECT 1 FROM "message_opt_outs" o
                            WHERE o."email" = c."email" AND o."kind" = 'card_issued'::message_kind)
            AND NOT EXISTS (SELECT 1 FROM "messages" m
                            WHERE m."dedupeKey" = ${IMPORT_CARD_KEY_PREFIX} || c."id" || ':' || c."email")
          ORDER BY c."id" LIMIT ${CARDS_BATCH}`;
        if (clients.length === 0) return { last: null, written: 0 };
        // After the last card email of an import still waiting (this request's earlier batches, or another's).
        const [waiting] = await tx.$queryRaw<{ last: Date | null }[]>`
          SELECT max("nextAttemptAt") AS "last" FROM "messages"
          WHERE "kind" = 'card_issued' AND "status" IN ('queued', 'unsent')
            AND "dedupeKey" LIKE ${`${IMPORT_CARD_KEY_PREFIX}%`}`;
        const now = Date.now();
        const start = new Date(
          waiting?.last ? Math.max(now, waiting.last.getTime() + HOUR_MS / perHour) : now,
        );
        const drafts: MessageDraft[] = clients.map((c, i) => ({
          ...cardMessage({ ...c, rewardPence }, settings.clinicName),
          event: importCardEvent(c.id),
          sendAt: cardSendAt(start, i, perHour),
        }));
        const written = (await queueMessages(tx, drafts)).length;
        await tx.clientImport.update({
          where: { id },
          data: {
            cardsQueuedCount: { increment: written },
            ...(written > 0 && { cardsRequestedAt: requestedAt, cardsRequestedBy: actor.email }),
          },
        });
        return { last: clients.at(-1)!.id, written };
      },
      { timeout: 60_000 },
    );
    if (batch === null) {
      if (queued === 0) throw conflict('This import was undone or stopped while its cards were being sent.');
      break;
    }
    queued += batch.written;
    if (batch.written > 0) kickMessages();
    if (!batch.last) break;
    after = batch.last;
  }
  if (queued === 0) throw conflict(found.cardsQueuedCount > 0 ? CARDS_ALL_SENT_TEXT : CARDS_NONE_MAY_TEXT);
  log.info({ importId: id, queued }, 'Card emails of an import queued.');
  return getImportDto(id);
}
