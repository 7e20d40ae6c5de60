import 'server-only';
import { randomUUID } from 'node:crypto';
import { smtpUrl } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { NO_MAIL_SERVER_TEXT, toKindEnum, type MessageKindText } from './kinds';
export { kickMessages } from './kick';

/** A message to write in the transaction of the event that causes it (the transactional outbox). */
export interface MessageDraft {
  kind: MessageKindText;
  /**
   * The event, e.g. the lead's id: with the kind and the recipient it makes the message's key, so writing the
   * same event twice (a retried request, a second click) leaves one message.
   */
  event: string;
  to: string;
  /**
   * The recipient as the key counts them, when that is not the address as typed (the friend's acknowledgement
   * counts one inbox: lib/inbox-address.ts). The message still goes to `to`.
   */
  recipientKey?: string;
  toName?: string | null;
  subject: string;
  /** What the template needs when the message is sent (lib/messages/templates). */
  data: Record<string, unknown>;
  clientId?: string | null;
  leadId?: string | null;
  /**
   * Minutes to wait before sending (issue 29: a 'reward paid' email waits out the undo window, and an undo
   * inside it cancels it). The sender takes no message before its time (dispatch.ts compares with the
   * database's clock, so every app instance agrees); retries are counted from then.
   */
  sendAfterMinutes?: number;
  /** When to send, instead (a replacement keeps the time of the message it replaces); not before now. */
  sendAt?: Date;
}

export const dedupeKey = (draft: Pick<MessageDraft, 'kind' | 'event' | 'to' | 'recipientKey'>) =>
  `${draft.kind}:${draft.event}:${(draft.recipientKey ?? draft.to).toLowerCase()}`;

/**
 * Writes the messages in `tx`, in one statement: each as 'queued' when a mail server is set up (the sender
 * picks it up once the transaction commits, or at its time: queuedAt and nextAttemptAt are when it is due; call
 * kickMessages() then), else kept as 'unsent'. A kind the
 * clinic turned off, or one the recipient unsubscribed from, is not written; nor is a second message for the
 * same event and person. Returns the ids written.
 */
export async function queueMessages(tx: Prisma.TransactionClient, drafts: MessageDraft[]): Promise<string[]> {
  const wanted = drafts.filter((d) => d.to);
  if (wanted.length === 0) return [];
  const queued = smtpUrl() !== null;
  const rows = wanted.map(
    (d) => Prisma.sql`(${randomUUID()}::uuid, ${toKindEnum(d.kind)}::message_kind, ${dedupeKey(d)},
      ${d.to.toLowerCase()}, ${d.toName ?? null}, ${d.subject}, ${JSON.stringify(d.data)}::jsonb,
      ${d.clientId ?? null}::uuid, ${d.leadId ?? null}::uuid, ${Math.max(0, d.sendAfterMinutes ?? 0)}::int,
      ${d.sendAt ?? null}::timestamptz)`,
  );
  const written = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "messages" ("id", "kind", "dedupeKey", "toEmail", "toName", "subject", "data", "clientId",
      "leadId", "status", "lastError", "queuedAt", "nextAttemptAt")
    SELECT v.id, v.kind, v.key, v.email, v.name, v.subject, v.data, v.client, v.lead,
      ${queued ? 'queued' : 'unsent'}::message_status, ${queued ? null : NO_MAIL_SERVER_TEXT},
      CASE WHEN ${queued} THEN v.due END, v.due
    FROM (SELECT *, greatest(now(), coalesce(d.at, now() + make_interval(mins => d.delay))) AS due
          FROM (VALUES ${Prisma.join(rows)}) AS d(id, kind, key, email, name, subject, data, client, lead, delay, at)
    ) AS v
    WHERE NOT v.kind = ANY(COALESCE((SELECT "messageKindsOff" FROM "settings" WHERE "id" = 1), '{}'))
      AND NOT EXISTS (SELECT 1 FROM "message_opt_outs" o WHERE o."email" = v.email AND o."kind" = v.kind)
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING "id"`;
  return written.map((r) => r.id);
}

export const ERASED_BEFORE_SENT_TEXT = 'Not sent: the person’s data was erased first.';

/**
 * Erasure reaches the messages too (issue 16's rights, issue 17's record): the messages about these leads or
 * clients keep their kind, status and times, but no name, address or content; one not yet sent never will be.
 */
export async function eraseMessagesOf(
  tx: Prisma.TransactionClient,
  about: { leadIds?: string[]; clientId?: string; clientIds?: string[] },
): Promise<void> {
  const leadIds = about.leadIds ?? [];
  // Issue 33: an undone import's clients, many at once.
  const clientIds = [...(about.clientIds ?? []), ...(about.clientId ? [about.clientId] : [])];
  if (!leadIds.length && !clientIds.length) return;
  await tx.$executeRaw`
    UPDATE "messages" SET
      "toEmail" = CASE WHEN "kind" = 'new_referral' THEN "toEmail" END,
      "toName" = CASE WHEN "kind" = 'new_referral' THEN "toName" END,
      "subject" = CASE WHEN "kind" = 'new_referral' THEN 'New referral (erased)' ELSE '(erased)' END,
      "data" = '{}'::jsonb, "updatedAt" = now(), "nextAttemptAt" = NULL, "dedupeKey" = 'erased:' || "id",
      "lastError" = CASE WHEN "status" IN ('queued', 'unsent') THEN ${ERASED_BEFORE_SENT_TEXT} ELSE "lastError" END,
      "status" = CASE WHEN "status" IN ('queued', 'unsent') THEN 'failed'::message_status ELSE "status" END
    WHERE ("leadId" = ANY(${leadIds}::uuid[]) OR "clientId" = ANY(${clientIds}::uuid[]))`;
}
