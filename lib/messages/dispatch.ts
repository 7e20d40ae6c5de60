import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { brandedCardToken } from '@/lib/card-address';
import { db } from '@/lib/db';
import { log } from '@/lib/log';
import { appOrigin, mailFrom, smtpUrl } from '@/lib/env';
import type { Clinic } from '@/lib/clinic';
import { getClinic } from '@/lib/services/clinic';
import { currentLogoPng } from '@/lib/services/settings';
import { fromKindEnum, type MessageKindText } from './kinds';
import { renderMessage } from './render';

/**
 * The sender of the transactional outbox (issue 17), run by the job queue (lib/jobs/queue.ts): it takes the
 * messages that are due, a few at a time, each under a lease (so two senders never take the same one), sends
 * each through SMTP and records the outcome. A failure is retried with growing waits, the first within 30
 * seconds, for 24 hours from when the message was queued; then, or at once when the server refuses the message
 * for good (a 5xx answer), it is 'failed' with the server's words. The Message-ID is the message's own id.
 */

/** Waits after the 1st, 2nd, … failed attempt, in seconds; the last repeats until 24 hours have passed. */
export const RETRY_DELAYS_SECONDS = [20, 60, 180, 600, 1800, 3600, 7200, 14400];
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const LEASE_SECONDS = 120;
const BATCH = 10;

export function retryDelaySeconds(attempts: number): number {
  return (
    RETRY_DELAYS_SECONDS[Math.min(attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? RETRY_DELAYS_SECONDS[0]!
  );
}

let transport: { url: string; transporter: Transporter } | null = null;

/**
 * One pooled SMTP connection set per SMTP_URL (three connections, reused), with timeouts; options the URL's own
 * query string sets (e.g. ?maxConnections=1) win.
 */
export function transportUrl(url: string): string {
  const parsed = new URL(url);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: '3',
    connectionTimeout: '15000',
    greetingTimeout: '15000',
    socketTimeout: '30000',
  };
  for (const [name, value] of Object.entries(defaults)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
  }
  return parsed.toString();
}

function transporter(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = { url, transporter: nodemailer.createTransport(transportUrl(url)) };
  }
  return transport.transporter;
}

interface Claimed {
  id: string;
  kind: string;
  toEmail: string | null;
  subject: string;
  data: Record<string, unknown>;
  attempts: number;
  queuedAt: Date | null;
  clientId: string | null;
}

/**
 * Takes up to `limit` due messages under a lease, counting the attempt. Due by the database's clock, so no
 * instance sends a message before its time (a 'reward paid' email waiting out its undo window, issue 29); a
 * row an undo has locked is skipped (SKIP LOCKED) and is cancelled or left to be corrected by it. A correction
 * waits while the email it corrects is still queued: it never arrives first.
 */
function claim(limit: number): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>`
    UPDATE "messages" m SET "lockedUntil" = now() + make_interval(secs => ${LEASE_SECONDS}),
      "attempts" = m."attempts" + 1, "updatedAt" = now()
    WHERE m."id" IN (
      SELECT q."id" FROM "messages" q
      WHERE q."status" = 'queued' AND q."nextAttemptAt" <= now()
        AND (q."lockedUntil" IS NULL OR q."lockedUntil" < now())
        AND NOT (q."kind" = 'reward_paid_correction' AND EXISTS (
          SELECT 1 FROM "messages" o WHERE o."id" = (q."data"->>'correctsId')::uuid AND o."status" = 'queued'))
      ORDER BY q."nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING m."id", m."kind"::text AS "kind", m."toEmail", m."subject", m."data", m."attempts", m."queuedAt",
      m."clientId"`;
}

async function cardPathOf(clientId: string | null): Promise<string | null> {
  if (!clientId) return null;
  const client = await db.client.findFirst({
    where: { id: clientId, deletedAt: null },
    select: { firstName: true, lastName: true, cardKey: true },
  });
  return client ? `/card/${brandedCardToken(client.firstName, client.lastName, client.cardKey)}` : null;
}

function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** The clinic as messages show it, read once per batch rather than once per message. */
interface Sender {
  url: string;
  clinic: Clinic;
  logo: Buffer | null;
}

async function sendOne(
  message: Claimed,
  { url, clinic, logo }: Sender,
): Promise<'sent' | 'retry' | 'failed'> {
  const kind = fromKindEnum(message.kind) as MessageKindText;
  try {
    if (!message.toEmail)
      throw Object.assign(new Error('The recipient’s data was erased.'), { responseCode: 550 });
    const rendered = await renderMessage(
      { kind, toEmail: message.toEmail, data: message.data, cardPath: await cardPathOf(message.clientId) },
      clinic,
      logo,
    );
    const host = new URL(appOrigin()).hostname;
    await transporter(url).sendMail({
      from: mailFrom(clinic.displayName),
      to: message.toEmail,
      subject: message.subject,
      html: rendered.html,
      text: rendered.text,
      attachments: rendered.attachments,
      messageId: `<${message.id}@${host}>`,
      // RFC 8058: the header names the address that takes the one-click POST (a mail provider's button), not
      // the page, which only shows and asks (a POST to a page answers 200 and records nothing).
      headers: rendered.oneClickUnsubscribeUrl
        ? {
            'List-Unsubscribe': `<${rendered.oneClickUnsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : undefined,
    });
    // A bank-details link is not kept once it is on its way: only its hash stays (BankDetailsRequest).
    await db.$executeRaw`
      UPDATE "messages" SET "status" = 'sent', "sentAt" = now(), "lockedUntil" = NULL, "lastError" = NULL,
        "nextAttemptAt" = NULL, "updatedAt" = now(), "data" = "data" - 'tokenEnc'
      WHERE "id" = ${message.id}::uuid`;
    return 'sent';
  } catch (error) {
    if (kind === 'reward-paid' && (await withdrawnWhileSending(message.id))) return 'failed';
    const queuedAt = message.queuedAt?.getTime() ?? Date.now();
    const next = Date.now() + retryDelaySeconds(message.attempts) * 1000;
    const giveUp = isPermanent(error) || next - queuedAt > GIVE_UP_AFTER_MS;
    await db.$executeRaw`
      UPDATE "messages" SET "lockedUntil" = NULL, "lastError" = ${describe(error)}, "updatedAt" = now(),
        "status" = ${giveUp ? 'failed' : 'queued'}::message_status,
        "nextAttemptAt" = ${giveUp ? null : new Date(next)}
      WHERE "id" = ${message.id}::uuid`;
    // The error's first line only, masked (lib/log.ts): an SMTP refusal can name the recipient.
    if (!giveUp) {
      log.warn(
        { err: error, messageId: message.id, attempt: message.attempts },
        'Message not sent; retrying.',
      );
    } else log.error({ err: error, messageId: message.id, attempt: message.attempts }, 'Message failed.');
    return giveUp ? 'failed' : 'retry';
  }
}

export const NEVER_DELIVERED_TEXT =
  'Cancelled: the payment was undone while this email was being sent, and it was not delivered.';
export const CORRECTION_NOT_NEEDED_TEXT =
  'Not needed: the “reward paid” email it corrects was never delivered.';

/**
 * A 'reward paid' email whose sending failed while its payment was undone (the undo saw it in the sender's
 * hands and wrote a correction): it is not retried, and the correction is not sent either, since the person
 * was never told. True when that was the case.
 */
async function withdrawnWhileSending(id: string): Promise<boolean> {
  const corrections = await db.$executeRaw`
    UPDATE "messages" SET "status" = 'cancelled', "lastError" = ${CORRECTION_NOT_NEEDED_TEXT},
      "nextAttemptAt" = NULL, "updatedAt" = now()
    WHERE "kind" = 'reward_paid_correction' AND "data"->>'correctsId' = ${id} AND "status" IN ('queued', 'unsent')`;
  if (corrections === 0) return false;
  await db.$executeRaw`
    UPDATE "messages" SET "status" = 'cancelled', "lastError" = ${NEVER_DELIVERED_TEXT}, "lockedUntil" = NULL,
      "nextAttemptAt" = NULL, "updatedAt" = now()
    WHERE "id" = ${id}::uuid AND "status" = 'queued'`;
  return true;
}

export interface DispatchResult {
  sent: number;
  retrying: number;
  failed: number;
  /** When the next message that is waiting for a retry is due, if any. */
  nextDueAt: Date | null;
}

/** Sends every message that is due now, batch after batch, until none is left. Without SMTP_URL: nothing. */
export async function dispatchDue(): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, retrying: 0, failed: 0, nextDueAt: null };
  const url = smtpUrl();
  if (!url) return result;
  for (;;) {
    const batch = await claim(BATCH);
    if (batch.length === 0) break;
    const sender: Sender = { url, clinic: await getClinic(), logo: await currentLogoPng() };
    // The batch goes out together over the pooled connections.
    for (const outcome of await Promise.all(batch.map((message) => sendOne(message, sender)))) {
      if (outcome === 'sent') result.sent++;
      else if (outcome === 'failed') result.failed++;
      else result.retrying++;
    }
  }
  const [next] = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT min("nextAttemptAt") AS at FROM "messages" WHERE "status" = 'queued'`;
  result.nextDueAt = next?.at ?? null;
  return result;
}

/** Closes the SMTP connection (tests, shutdown). */
export function closeMailTransport(): void {
  transport?.transporter.close();
  transport = null;
}
