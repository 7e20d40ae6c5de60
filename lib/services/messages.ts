import 'server-only';
import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { MessageDto, MessageSummaryDto } from '@/lib/dto/messages';
import type { SettingsDto } from '@/lib/dto/settings';
import { smtpUrl } from '@/lib/env';
import { toPence } from '@/lib/money';
import { Prisma } from '@/lib/generated/prisma/client';
import {
  fromKindEnum,
  MESSAGE_KIND_LABELS,
  toKindEnum,
  type MessageKindText,
  type SwitchableKind,
  type MessageStatusText,
} from '@/lib/messages/kinds';
import { kickMessages, queueMessages, type MessageDraft } from '@/lib/messages/outbox';
import type { CardIssuedData } from '@/lib/messages/templates/messages';
import { cardSubject } from '@/lib/messages/subjects';
import { readUnsubscribeToken } from '@/lib/messages/unsubscribe';
import type { MessageListQuery } from '@/lib/validation/message-list';
import { encodeCursor } from '@/lib/validation/paging';
import { afterCursor, countOf, escapeLike, inOrder, pageOf, type KeyRow, type Paged } from './search';
import { getSettings } from './settings';

const messageSelect = {
  id: true,
  kind: true,
  status: true,
  toEmail: true,
  toName: true,
  subject: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  queuedAt: true,
  nextAttemptAt: true,
  sentAt: true,
  updatedAt: true,
} satisfies Prisma.MessageSelect;

type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toMessageDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    kind: fromKindEnum(row.kind),
    status: row.status as MessageStatusText,
    to: row.toEmail,
    toName: row.toName,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    queuedAt: iso(row.queuedAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    sentAt: iso(row.sentAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function filters(query: Pick<MessageListQuery, 'status' | 'kind' | 'q'>): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (query.status) parts.push(Prisma.sql`m."status" = ${query.status}::message_status`);
  if (query.kind) parts.push(Prisma.sql`m."kind" = ${toKindEnum(query.kind)}::message_kind`);
  if (query.q) parts.push(Prisma.sql`m."toEmail" LIKE ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  return Prisma.join(parts, ' AND ');
}

/** GET /api/messages: newest first, paged, filtered by status, kind and recipient. */
export async function listMessages(query: MessageListQuery): Promise<Paged<MessageDto>> {
  const where = filters(query);
  const [keys, total] = await Promise.all([
    db.$queryRaw<KeyRow[]>`SELECT m."id", m."createdAt" FROM "messages" m
      WHERE ${where} AND ${afterCursor(query.cursor, Prisma.sql`m."createdAt"`, Prisma.sql`m."id"`)}
      ORDER BY m."createdAt" DESC, m."id" DESC LIMIT ${query.limit + 1}`,
    countOf(Prisma.sql`SELECT count(*)::int AS n FROM "messages" m WHERE ${where}`),
  ]);
  const { rows, next } = pageOf(keys, query.limit);
  const ids = rows.map((r) => r.id);
  const found = await db.message.findMany({ where: { id: { in: ids } }, select: messageSelect });
  return {
    items: inOrder(ids, found).map(toMessageDto),
    total,
    nextCursor: next ? encodeCursor(next) : null,
  };
}

export async function messageSummary(): Promise<MessageSummaryDto> {
  const rows = await db.$queryRaw<{ status: string; n: number }[]>`
    SELECT "status"::text AS status, count(*)::int AS n FROM "messages"
    WHERE "status" IN ('failed', 'unsent', 'queued') GROUP BY "status"`;
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { failed: of('failed'), unsent: of('unsent'), queued: of('queued'), mailServer: smtpUrl() !== null };
}

export const NO_MAIL_SERVER_TO_SEND_TEXT =
  'No mail server is set up: set SMTP_URL (and MAIL_FROM) and restart the app, then send the held messages.';

/** POST /api/messages/send-held: every message kept as unsent is queued, now that a mail server is set up. */
export async function sendHeldMessages(): Promise<{ queued: number }> {
  if (!smtpUrl()) throw conflict(NO_MAIL_SERVER_TO_SEND_TEXT);
  const queued = await db.$executeRaw`
    UPDATE "messages" SET "status" = 'queued', "lastError" = NULL,
      -- A 'reward paid' email still inside its undo window keeps its time (issue 29).
      "queuedAt" = greatest(now(), "nextAttemptAt"), "nextAttemptAt" = greatest(now(), "nextAttemptAt"),
      "updatedAt" = now()
    WHERE "status" = 'unsent' AND "toEmail" IS NOT NULL`;
  if (queued > 0) kickMessages();
  return { queued };
}

export const NOT_FAILED_TEXT = 'Only a message that failed can be sent again.';

/** POST /api/messages/{id}/retry: a failed message is queued again (for another 24 hours of retries). */
export async function retryMessage(id: string): Promise<MessageDto> {
  if (!smtpUrl()) throw conflict(NO_MAIL_SERVER_TO_SEND_TEXT);
  const { count } = await db.message.updateMany({
    where: { id, status: 'failed', toEmail: { not: null } },
    data: { status: 'queued', queuedAt: new Date(), nextAttemptAt: new Date(), lastError: null },
  });
  const row = await db.message.findUnique({ where: { id }, select: messageSelect });
  if (!row) throw notFound('That message does not exist.');
  if (count === 0) throw conflict(NOT_FAILED_TEXT);
  kickMessages();
  return toMessageDto(row);
}

// ----- Card issued

export const CARD_EMAIL_WAITING_TEXT = 'A card email to this client is already waiting to be sent.';

/** Why a message of `kind` to `email` would not be written, in words for staff; null when it would be. */
export async function messageBlocked(
  kind: SwitchableKind,
  email: string,
  settings: Pick<SettingsDto, 'messageKindsOff'>,
): Promise<string | null> {
  if (settings.messageKindsOff.includes(kind)) {
    return `${MESSAGE_KIND_LABELS[kind]} emails are turned off in Settings.`;
  }
  const optedOut = await db.messageOptOut.count({
    where: { email: email.toLowerCase(), kind: toKindEnum(kind) },
  });
  return optedOut ? 'This client unsubscribed from these emails.' : null;
}

export function cardMessage(
  client: {
    id: string;
    firstName: string;
    email: string;
    cardNumber: string;
    rewardPence: number;
  },
  /** For the subject line (issue 29, point 11): 'Your Referral Reward Card from …'. */
  clinicName: string | null = null,
): MessageDraft {
  const data: CardIssuedData = {
    firstName: client.firstName,
    cardNumber: client.cardNumber,
    rewardPence: client.rewardPence,
  };
  return {
    kind: 'card-issued',
    // Each send is its own event (staff may send the card again); a send while one waits is refused.
    event: `${client.id}:${randomUUID()}`,
    to: client.email,
    toName: client.firstName,
    subject: cardSubject(clinicName),
    data: { ...data },
    clientId: client.id,
  };
}

/**
 * POST /api/clients/{id}/send-card: the client's card by email, written with the outbox and sent by the job
 * queue. A card email still waiting for this client is a 409, so a double click sends one.
 */
export async function sendCard(clientId: string): Promise<MessageDto> {
  const client = await db.client.findFirst({
    where: { id: clientId, deletedAt: null },
    select: { id: true, firstName: true, email: true, cardNumber: true },
  });
  if (!client?.email) throw notFound('That client does not exist.');
  const settings = await getSettings();
  const blocked = await messageBlocked('card-issued', client.email, settings);
  if (blocked) throw conflict(blocked);
  const rewardPence = toPence(settings.referralRewardAmount);
  const id = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`send-card:${clientId}`}))`;
    const waiting = await tx.message.count({
      // Waiting: not yet sent, whether held without a mail server, queued, or between retries.
      where: { clientId, kind: 'card_issued', status: { in: ['queued', 'unsent'] } },
    });
    if (waiting) throw conflict(CARD_EMAIL_WAITING_TEXT);
    const [written] = await queueMessages(tx, [
      cardMessage({ ...client, email: client.email!, rewardPence }, settings.clinicName),
    ]);
    return written;
  });
  if (!id) throw conflict('This email was not written: check the message settings.');
  kickMessages();
  return toMessageDto(await db.message.findUniqueOrThrow({ where: { id }, select: messageSelect }));
}

// ----- Unsubscribe

export const UNSUBSCRIBE_INVALID_TEXT = 'This unsubscribe link is not valid.';

/** POST /api/unsubscribe/{token}: the address in the signed link gets no more messages of that kind. */
export async function unsubscribe(token: string): Promise<{ email: string; kind: MessageKindText }> {
  const found = readUnsubscribeToken(token);
  if (!found) throw notFound(UNSUBSCRIBE_INVALID_TEXT);
  await db.messageOptOut.createMany({
    data: [{ email: found.email, kind: toKindEnum(found.kind) }],
    skipDuplicates: true,
  });
  return found;
}
