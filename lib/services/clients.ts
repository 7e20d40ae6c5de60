import 'server-only';
import { eraseMessagesOf, kickMessages, queueMessages } from '@/lib/messages/outbox';
import { cardMessage } from './messages';
import { getSettings } from './settings';
import { toPence } from '@/lib/money';
import { requestBankDetails, withdrawBankDetailsLinks } from './bank-details-link';
import { conflict, forbidden, notFound } from '@/lib/api/errors';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { changeBankDetails, ensureBankHashes, sharedBankDetails } from './bank-details';
import { expireCards } from './card-cache';
import { newCardNumber, newInviteToken } from './codes';
import { cardIdentity, cardUrlOf } from '@/lib/card-address';
import { forgetCards, rememberCard } from '@/lib/known-cards';
import { deletedClientLabel, DELETED_CLIENT_TEXT, fullName } from './referrers';
import type { Actor } from './actor';
import type { CardEmailDto, ClientChangeDto, ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { encodeCursor, encodeSortCursor, type ClientSort } from '@/lib/validation/paging';
import { clientCountSql, clientPageSql, type ClientPageOptions } from './client-list';
import { referralSelect, STATUS_VALUE, toReferralDto } from '@/lib/dto/referrals';
import { countOf, inOrder, type KeyRow, type Paged } from './search';
import { toPounds } from '@/lib/money';
import { EMAIL_IN_USE_TEXT } from '@/lib/validation/clients';

export type { ClientDto };

export const CLIENT_EXISTS_TEXT = 'A client with this email address is already in the system.';
export const REMOVE_BANK_DETAILS_TEXT = 'Only a full admin can remove bank details.';

export interface Viewer {
  origin: string;
  isFullAdmin: boolean;
}

/** A client's referrals that come with it (newest first); the rest through GET /api/referrals?clientId=. */
export const REFERRALS_PER_CLIENT = 100;

const clientSummarySelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  cardNumber: true,
  inviteToken: true,
  cardKey: true,
  affiliateCompany: true,
  phone: true,
  createdAt: true,
  sortCodeEnc: true,
  accountNumberEnc: true,
  accountNameEnc: true,
  bankDetailsHash: true,
  bankDetailsHeldAt: true,
  bankDetailsChangedBy: true,
  bankDetailsChangeId: true,
  bacsRequested: true,
  bacsRequestedAt: true,
  referralCount: true,
} satisfies Prisma.ClientSelect;

const clientSelect = {
  ...clientSummarySelect,
  referrals: {
    select: referralSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: REFERRALS_PER_CLIENT,
  },
} satisfies Prisma.ClientSelect;

type ClientSummaryRow = Prisma.ClientGetPayload<{ select: typeof clientSummarySelect }>;
type ClientRow = Prisma.ClientGetPayload<{ select: typeof clientSelect }>;

function toClientDto(
  row: ClientSummaryRow | ClientRow,
  viewer: Viewer,
  shared: Map<string, string[]> = new Map(),
  cardEmails: Map<string, CardEmailDto> = new Map(),
): ClientDto {
  // One link per card, wherever it is offered (issue 29, point 7): the readable one, from one function.
  const cardUrl = cardUrlOf(viewer.origin, row);
  const dto: ClientDto = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    cardNumber: row.cardNumber,
    inviteToken: row.inviteToken,
    webUrl: cardUrl,
    brandedUrl: cardUrl,
    phone: row.phone,
    cardEmail: cardEmails.get(row.id) ?? null,
    affiliateCompany: row.affiliateCompany,
    createdAt: row.createdAt.toISOString(),
    referralCount: row.referralCount,
    hasBankDetails: Boolean(row.sortCodeEnc && row.accountNumberEnc),
    bacsRequested: row.bacsRequested,
    bacsRequestedAt: row.bacsRequestedAt?.toISOString() ?? null,
    bankDetailsHeldAt: row.bankDetailsHeldAt?.toISOString() ?? null,
    bankDetailsChangedBy: row.bankDetailsChangedBy,
  };
  if ('referrals' in row) dto.referrals = row.referrals.map(toReferralDto);
  if (viewer.isFullAdmin) {
    const key = encryptionKey();
    dto.sortCode = row.sortCodeEnc ? decrypt(row.sortCodeEnc, key) : null;
    dto.accountNumber = row.accountNumberEnc ? decrypt(row.accountNumberEnc, key) : null;
    dto.accountName = row.accountNameEnc ? decrypt(row.accountNameEnc, key) : null;
    dto.bankDetailsChangeId = row.bankDetailsChangeId;
    dto.sharedBankDetailsWith = shared.get(row.id) ?? [];
  }
  return dto;
}

/**
 * Each client's newest card email (issue 29, point 3: "Send again", and when it last went), in one statement
 * for a page of clients (messages_clientId_idx).
 */
async function cardEmailsOf(ids: string[]): Promise<Map<string, CardEmailDto>> {
  if (!ids.length) return new Map();
  const rows = await db.$queryRaw<
    { clientId: string; createdAt: Date; sentAt: Date | null; status: CardEmailDto['status'] }[]
  >`
    SELECT DISTINCT ON (m."clientId") m."clientId", m."createdAt", m."sentAt", m."status"::text AS "status"
    FROM "messages" m
    WHERE m."clientId" = ANY(${ids}::uuid[]) AND m."kind" = 'card_issued'
    ORDER BY m."clientId", m."createdAt" DESC, m."id" DESC`;
  return new Map(
    rows.map((r) => [
      r.clientId,
      { requestedAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null, status: r.status },
    ]),
  );
}

/**
 * Rows to DTOs, each with its newest card email; for full admins with the other clients that share each one's
 * bank account.
 */
async function toDtos(rows: (ClientSummaryRow | ClientRow)[], viewer: Viewer): Promise<ClientDto[]> {
  const [shared, cardEmails] = await Promise.all([
    viewer.isFullAdmin ? sharedBankDetails(rows) : new Map<string, string[]>(),
    cardEmailsOf(rows.map((r) => r.id)),
  ]);
  return rows.map((row) => toClientDto(row, viewer, shared, cardEmails));
}

/** How many contact changes GET /api/clients/{id} shows (the newest). */
export const CONTACT_CHANGES_SHOWN = 20;

async function contactChangesOf(clientId: string): Promise<ClientChangeDto[]> {
  const rows = await db.clientChange.findMany({
    where: { clientId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: CONTACT_CHANGES_SHOWN,
  });
  return rows.map((r) => ({
    field: r.field as ClientChangeDto['field'],
    from: r.fromValue,
    to: r.toValue,
    by: r.performedBy,
    at: r.createdAt.toISOString(),
  }));
}

/** Older rows get their bank-account hash before a full admin's read compares them. */
const readyForViewer = (viewer: Viewer) => (viewer.isFullAdmin ? ensureBankHashes() : Promise.resolve());

export interface ClientListOptions extends ClientPageOptions {
  /** Each client's first REFERRALS_PER_CLIENT referrals with it (the API's default). */
  withReferrals: boolean;
}

/** The number of clients, as the dashboard's tab shows it. */
export function clientCount(): Promise<number> {
  return countOf(clientCountSql(undefined, {}));
}

/**
 * Each of these clients' newest REFERRALS_PER_CLIENT referrals, newest first, as the API answers them: one
 * statement, each client's share bounded by its own LATERAL walk of referrals_referrerId_createdAt_id_idx
 * (issue 19: the nested read took three round trips in a row, and loaded every referral of every client).
 */
async function referralsOfClients(ids: string[]): Promise<Map<string, ReferralDto[]>> {
  const byClient = new Map<string, ReferralDto[]>();
  if (!ids.length) return byClient;
  const rows = await db.$queryRaw<
    {
      id: string;
      leadId: string;
      referrerId: string;
      status: string;
      rewardPence: number | null;
      rewardPaid: boolean;
      paidAt: Date | null;
      convertedAt: Date | null;
      createdAt: Date;
      updatedAt: Date;
      leadFirstName: string;
      leadLastName: string;
      leadEmail: string;
      leadPhone: string | null;
      isSelfReferral: boolean;
      erasedAt: Date | null;
      referrerFirstName: string;
      referrerLastName: string;
      referrerDeletedAt: Date | null;
    }[]
  >`
    SELECT r."id", r."leadId", r."referrerId", r."status"::text AS "status", r."rewardPence", r."rewardPaid",
           r."paidAt", r."convertedAt", r."createdAt", r."updatedAt",
           l."firstName" AS "leadFirstName", l."lastName" AS "leadLastName", l."email" AS "leadEmail",
           l."phone" AS "leadPhone", l."isSelfReferral", l."erasedAt",
           c."firstName" AS "referrerFirstName", c."lastName" AS "referrerLastName",
           c."deletedAt" AS "referrerDeletedAt"
    FROM unnest(${ids}::uuid[]) AS p("id")
    JOIN "clients" c ON c."id" = p."id"
    CROSS JOIN LATERAL (
      SELECT * FROM "referrals" x WHERE x."referrerId" = p."id"
      ORDER BY x."createdAt" DESC, x."id" DESC LIMIT ${REFERRALS_PER_CLIENT}
    ) r
    JOIN "leads" l ON l."id" = r."leadId"
    ORDER BY r."referrerId", r."createdAt" DESC, r."id" DESC`;
  for (const r of rows) {
    const dto = toReferralDto({
      ...r,
      status: STATUS_VALUE[r.status as keyof typeof STATUS_VALUE],
      lead: {
        firstName: r.leadFirstName,
        lastName: r.leadLastName,
        email: r.leadEmail,
        phone: r.leadPhone,
        isSelfReferral: r.isSelfReferral,
        erasedAt: r.erasedAt,
      },
      referrer: {
        firstName: r.referrerFirstName,
        lastName: r.referrerLastName,
        deletedAt: r.referrerDeletedAt,
      },
    });
    const list = byClient.get(r.referrerId);
    if (list) list.push(dto);
    else byClient.set(r.referrerId, [dto]);
  }
  return byClient;
}

/** Rewards owed now to each of these clients, in pence (one grouped query for a page). */
async function owedPenceOf(ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const sums = await db.referral.groupBy({
    by: ['referrerId'],
    where: { referrerId: { in: ids }, status: 'payment_due', rewardPaid: false },
    _sum: { rewardPence: true },
  });
  return new Map(sums.map((s) => [s.referrerId, s._sum.rewardPence ?? 0]));
}

/**
 * GET /api/clients: one page of clients in the order asked (newest first by default), filtered and searched,
 * with the total of matches and what each client is owed now.
 */
export async function listClients(options: ClientListOptions, viewer: Viewer): Promise<Paged<ClientDto>> {
  await readyForViewer(viewer);
  const { q, owed, bacsMissing, noReferrals, affiliate } = options;
  const [keys, total] = await Promise.all([
    db.$queryRaw<(KeyRow & { key: Date | string | bigint | number })[]>(clientPageSql(options)),
    countOf(clientCountSql(q, { owed, bacsMissing, noReferrals, affiliate })),
  ]);
  const hasMore = keys.length > options.limit;
  const rows = keys.slice(0, options.limit);
  const ids = rows.map((r) => r.id);
  // The page's clients, their referrals and what each is owed, side by side (one round trip deep).
  const [found, referrals, owedPence] = await Promise.all([
    db.client.findMany({ where: { id: { in: ids } }, select: clientSummarySelect }),
    options.withReferrals ? referralsOfClients(ids) : null,
    owedPenceOf(ids),
  ]);
  const items = await toDtos(inOrder(ids, found), viewer);
  const last = rows[rows.length - 1];
  return {
    items: items.map((dto) => ({
      ...dto,
      ...(referrals && { referrals: referrals.get(dto.id) ?? [] }),
      owedAmount: toPounds(owedPence.get(dto.id)),
    })),
    total,
    nextCursor: hasMore && last ? nextCursor(options.sort ?? 'created', last) : null,
  };
}

function nextCursor(sort: ClientSort, last: KeyRow & { key: Date | string | bigint | number }): string {
  if (sort === 'created') return encodeCursor({ createdAt: last.createdAt, id: last.id });
  const value = typeof last.key === 'bigint' ? Number(last.key) : (last.key as string | number);
  return encodeSortCursor({ sort, value, id: last.id });
}

/** The clients with the most referrals (at least one), a tie to the client registered first. */
export const LEADERBOARD_SIZE = 10;

export async function clientLeaderboard(viewer: Viewer): Promise<ClientDto[]> {
  await readyForViewer(viewer);
  const rows = await db.client.findMany({
    where: { referralCount: { gt: 0 }, deletedAt: null },
    orderBy: [{ referralCount: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
    take: LEADERBOARD_SIZE,
    select: clientSummarySelect,
  });
  return toDtos(rows, viewer);
}

/** GET /api/clients/{id}, with what the clinic owes the client now (the delete dialog states it). */
export async function getClient(id: string, withReferrals: boolean, viewer: Viewer): Promise<ClientDto> {
  await readyForViewer(viewer);
  const where = { id, deletedAt: null };
  const [row, owed, contactChanges] = await Promise.all([
    withReferrals
      ? db.client.findUnique({ where, select: clientSelect })
      : db.client.findUnique({ where, select: clientSummarySelect }),
    db.referral.aggregate({
      where: { referrerId: id, status: 'payment_due', rewardPaid: false },
      _sum: { rewardPence: true },
    }),
    contactChangesOf(id),
  ]);
  if (!row) throw notFound('That client does not exist.');
  const [dto] = await toDtos([row], viewer);
  return { ...dto!, owedAmount: toPounds(owed._sum.rewardPence), contactChanges };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

async function existingByEmail(email: string, viewer: Viewer) {
  const row = await db.client.findUnique({ where: { email }, select: clientSelect });
  return row ? toClientDto(row, viewer) : null;
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
      // Its links are handed out now: their first visits go straight to the cached card page (proxy.ts).
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
    const { inviteToken, cardKey } = bankChange
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
              });
    if (changes.bacsRequested) kickMessages();
    expireCards(inviteToken, cardKey);
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

/**
 * Deletes a client (issue 14, point 7). Money records are never rewritten, so the row stays with the card
 * number (the payment reports and the audit name it 'Deleted client' with that number) and the referrals whose
 * reward was paid stay with it; everything else that is personal goes: names, email, bank details, affiliate
 * company, and the tokens that reach the card. Rewards still owed (Story Started, unpaid) are cancelled, each
 * with a 'reward_cancelled' audit entry; referrals that never reached Story Started go. Leads stay (they are
 * the friends' records) without their link to the client. All in one transaction, with the client's row and
 * referrals locked first, so a payment made at the same moment either lands first (and is kept) or finds the
 * reward cancelled.
 */
export async function deleteClient(id: string, actor: Actor): Promise<{ cancelledAmount: number }> {
  const gone = await db.$transaction(async (tx) => {
    const [client] = await tx.$queryRaw<{ inviteToken: string; cardKey: string; cardNumber: string }[]>`
      SELECT "inviteToken", "cardKey", "cardNumber" FROM "clients"
      WHERE "id" = ${id}::uuid AND "deletedAt" IS NULL FOR UPDATE`;
    if (!client) throw notFound('That client does not exist.');
    const unpaid = await tx.$queryRaw<
      { id: string; status: string; rewardPence: number | null; firstName: string; lastName: string }[]
    >`
      SELECT r."id", r."status"::text AS "status", r."rewardPence", l."firstName", l."lastName"
      FROM "referrals" r JOIN "leads" l ON l."id" = r."leadId"
      WHERE r."referrerId" = ${id}::uuid AND NOT r."rewardPaid"
      ORDER BY r."convertedAt", r."id"
      FOR UPDATE OF r`;
    const owed = unpaid.filter((r) => r.status === 'Payment Due');
    const label = deletedClientLabel(client.cardNumber);
    if (owed.length) {
      await tx.paymentAuditEntry.createMany({
        data: owed.map((r) => ({
          action: 'reward_cancelled' as const,
          referralId: r.id,
          clientId: id,
          clientName: label,
          referralName: fullName(r) || 'Unknown Lead',
          amountPence: r.rewardPence ?? 0,
          performedById: actor.id,
          performedBy: actor.email,
        })),
      });
    }
    if (unpaid.length) await tx.referral.deleteMany({ where: { id: { in: unpaid.map((r) => r.id) } } });
    await tx.lead.updateMany({
      where: { referrerId: id },
      data: { referrerId: null, recommendedBy: DELETED_CLIENT_TEXT },
    });
    // The audit keeps every amount; the client's name in it is personal data and goes too.
    await tx.paymentAuditEntry.updateMany({ where: { clientId: id }, data: { clientName: label } });
    await eraseMessagesOf(tx, { clientId: id });
    // The contact-change audit holds old emails and phones: personal data, erased with the client.
    await tx.clientChange.deleteMany({ where: { clientId: id } });
    await tx.client.update({
      where: { id },
      data: {
        deletedAt: new Date(),
        firstName: '',
        lastName: '',
        email: null,
        phone: null,
        affiliateCompany: null,
        sortCodeEnc: null,
        accountNumberEnc: null,
        accountNameEnc: null,
        bankDetailsHash: null,
        bankDetailsHeldAt: null,
        bankDetailsChangedBy: null,
        bankDetailsChangeId: null,
        bacsRequested: false,
        bacsRequestedAt: null,
        // A new token that was never handed out: the old card address no longer reaches the row.
        inviteToken: newInviteToken(),
      },
    });
    return { ...client, cancelledPence: owed.reduce((sum, r) => sum + (r.rewardPence ?? 0), 0) };
  });
  // The card is gone at once, not when its cached page expires, and its addresses are counted lookups again.
  expireCards(gone.inviteToken, gone.cardKey);
  forgetCards(gone.inviteToken, cardIdentity(gone.inviteToken), gone.cardKey);
  return { cancelledAmount: toPounds(gone.cancelledPence) };
}
