/**
 * PATCH /api/admin/clients/{id}: contact changes (recorded), affiliate company and bank details.
 */
import 'server-only';
import { kickMessages } from '@/lib/messages/outbox';
import { requestBankDetails, withdrawBankDetailsLinks } from '../bank-details-link';
import { conflict, forbidden, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { changeBankDetails } from '../bank-details';
import type { Actor } from '../actor';
import type { ClientDto } from '@/lib/dto/clients';
import { EMAIL_IN_USE_TEXT } from '@/lib/validation/clients';
import { REMOVE_BANK_DETAILS_TEXT, type Viewer } from './rows';
import { getClient } from './list';
import { isUniqueViolation } from './create';

export interface ClientChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  affiliateCompany?: string | null;
  sortCode?: string | null;
  accountNumber?: string | null;
  accountName?: string | null;
  bacsRequested?: boolean;
}

export const EMAIL_CORRECTED_BEFORE_SENT_TEXT =
  "Not sent: the client's email address was corrected before it went. Send the card again to the new address.";

/**
 * A corrected email or phone (issue 29, point 3), inside the edit's transaction with the client's row locked:
 * an email another client has is a 409 (nothing written); each detail that really changes is recorded in
 * client_changes (who, from, to, when); a card email still waiting for the old address is cancelled, so it
 * does not go to the wrong person and "Send again" reaches the new one. The card's links do not change: the
 * card is found by its key, never by the email, so the links in emails already sent keep working.
 */
async function applyContactChanges(
  tx: Prisma.TransactionClient,
  id: string,
  changes: Pick<ClientChanges, 'email' | 'phone'>,
  actor: Actor,
  data: Prisma.ClientUpdateInput,
): Promise<void> {
  const [current] = await tx.$queryRaw<{ email: string | null; phone: string | null }[]>`
    SELECT "email", "phone" FROM "clients" WHERE "id" = ${id}::uuid AND "deletedAt" IS NULL FOR UPDATE`;
  if (!current) throw notFound('That client does not exist.');
  const entries: Prisma.ClientChangeCreateManyInput[] = [];
  const by = { clientId: id, performedById: actor.id, performedBy: actor.email };
  if (changes.email !== undefined && changes.email !== current.email) {
    const taken = await tx.client.count({ where: { email: changes.email, id: { not: id } } });
    if (taken) throw conflict(EMAIL_IN_USE_TEXT, { field: 'email' });
    data.email = changes.email;
    entries.push({ ...by, field: 'email', fromValue: current.email, toValue: changes.email });
    await tx.$executeRaw`
      UPDATE "messages" SET "status" = 'cancelled'::message_status, "nextAttemptAt" = NULL,
        "lastError" = ${EMAIL_CORRECTED_BEFORE_SENT_TEXT}, "updatedAt" = now()
      WHERE "clientId" = ${id}::uuid AND "kind" = 'card_issued' AND "status" IN ('queued', 'unsent')
        AND "toEmail" IS DISTINCT FROM ${changes.email}`;
  }
  if (changes.phone !== undefined && changes.phone !== current.phone) {
    data.phone = changes.phone;
    entries.push({ ...by, field: 'phone', fromValue: current.phone, toValue: changes.phone });
  }
  if (entries.length) await tx.clientChange.createMany({ data: entries });
}

/**
 * Applies an edit from the dashboard. Bank details are encrypted before they reach the database, and every
 * change of them is audited and, when not made by a full admin, held (bank-details.ts), in one transaction.
 * A corrected email or phone is audited in its transaction too (applyContactChanges).
 */
export async function updateClient(
  id: string,
  changes: ClientChanges,
  viewer: Viewer,
  actor: Actor,
): Promise<ClientDto> {
  const data: Prisma.ClientUpdateInput = {};
  const contact = changes.email !== undefined || changes.phone !== undefined;
  if (changes.firstName !== undefined && changes.lastName !== undefined) {
    data.firstName = changes.firstName;
    data.lastName = changes.lastName;
  }
  if (changes.affiliateCompany !== undefined) data.affiliateCompany = changes.affiliateCompany;
  if (changes.sortCode === null && !viewer.isFullAdmin) throw forbidden(REMOVE_BANK_DETAILS_TEXT);
  const bankChange = changes.sortCode !== undefined && changes.accountNumber !== undefined;
  // Details given answer an outstanding request.
  if (bankChange && changes.sortCode !== null) {
    data.bacsRequested = false;
    data.bacsRequestedAt = null;
  }
  if (changes.bacsRequested !== undefined) {
    data.bacsRequested = changes.bacsRequested;
    data.bacsRequestedAt = changes.bacsRequested ? new Date() : null;
  }
  try {
    await (bankChange
      ? await db.$transaction(async (tx) => {
          if (contact) await applyContactChanges(tx, id, changes, actor, data);
          await changeBankDetails(
            tx,
            id,
            {
              sortCode: changes.sortCode ?? null,
              accountNumber: changes.accountNumber ?? null,
              accountName: changes.accountName,
            },
            { ...actor, isFullAdmin: viewer.isFullAdmin },
            data,
          );
          // Details given answer the request: its emailed link is withdrawn (issue 28).
          if (data.bacsRequested === false) await withdrawBankDetailsLinks(tx, id);
          return tx.client.findUniqueOrThrow({
            where: { id },
            select: { inviteToken: true, cardKey: true },
          });
        })
      : changes.bacsRequested
        ? await db.$transaction(async (tx) => {
            if (contact) await applyContactChanges(tx, id, changes, actor, data);
            // 'Request BACS Details' emails the client a one-time link (issue 17), in the same transaction.
            const client = await tx.client.update({
              where: { id, deletedAt: null },
              data,
              select: { id: true, firstName: true, email: true, inviteToken: true, cardKey: true },
            });
            await requestBankDetails(tx, client, actor);
            return client;
          })
        : changes.bacsRequested === false
          ? await db.$transaction(async (tx) => {
              if (contact) await applyContactChanges(tx, id, changes, actor, data);
              // Switching the request off withdraws its emailed link (issue 28, point 5).
              const client = await tx.client.update({
                where: { id, deletedAt: null },
                data,
                select: { inviteToken: true, cardKey: true },
              });
              await withdrawBankDetailsLinks(tx, id);
              return client;
            })
          : contact
            ? await db.$transaction(async (tx) => {
                await applyContactChanges(tx, id, changes, actor, data);
                return tx.client.update({
                  where: { id, deletedAt: null },
                  data,
                  select: { inviteToken: true, cardKey: true },
                });
              })
            : await db.client.update({
                where: { id, deletedAt: null },
                data,
                select: { inviteToken: true, cardKey: true },
              }));
    if (changes.bacsRequested) kickMessages();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
      throw notFound('That client does not exist.');
    }
    // Two edits giving two clients the same new email at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE_TEXT, { field: 'email' });
    throw error;
  }
  return getClient(id, true, viewer);
}
