import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { conflict, HttpError, notFound, tooManyRequests } from '@/lib/api/errors';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { formatDateTime } from '@/lib/format';
import type { Prisma } from '@/lib/generated/prisma/client';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import type { BankDetailsRequestData } from '@/lib/messages/templates/messages';
import { bankDetailsSubject } from '@/lib/messages/subjects';
import type { Actor } from './actor';
import { changeBankDetails } from './bank-details';
import { clinicNameIn } from './settings';

/**
 * 'Request BACS Details' (issue 17): the client is emailed a one-time link, /bank-details/{token}, to a page
 * where they enter their bank details themselves. The token is 32 random bytes (256 bits, not guessable); the
 * database keeps only its SHA-256, and the message carries it encrypted until it is sent. A link works once
 * and for 7 days; a newer request replaces the older links. What the client enters is stored encrypted,
 * audited as entered by the client, and held for a full admin's approval like any change not made by one.
 *
 * Issue 28, point 5: at most one such email a day per client (a second within 24 hours is refused, 429, and
 * nothing is queued), decided under a lock of the client's row so that simultaneous clicks send one; and
 * switching the request off (or entering the details for the client) withdraws the emailed link.
 */
export const LINK_VALID_DAYS = 7;
/** One bank-details email per client in this many hours. */
export const REQUEST_INTERVAL_HOURS = 24;
export const LINK_USED_TEXT =
  'This link has already been used: your bank details were sent to the clinic. If you need to change them, please contact the clinic.';
export const LINK_EXPIRED_TEXT = 'This link has expired. Please ask the clinic to send you a new one.';
export const LINK_INVALID_TEXT =
  'This link is not valid. Please check you opened the whole link from the email.';
export const LINK_WITHDRAWN_TEXT =
  'This link is no longer valid: the clinic has withdrawn its request for your bank details. If you still need to give them, please contact the clinic.';

/** The 429 text of a second request within the day: when the last one went, and when another can. */
export function requestTooSoonText(sentAt: Date, nextAt: Date): string {
  return (
    `A bank-details email was already sent to this client on ${formatDateTime(sentAt)} (UK time), and one ` +
    `a day is the most we send. Another can be sent from ${formatDateTime(nextAt)} (UK time).`
  );
}

/** The actor recorded for details a client enters through the link. */
export const CLIENT_LINK_ACTOR: Actor = { id: null, email: 'the client (bank details link)' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Writes a new link for the client and its message, in `tx`; earlier unused links stop working. Refused (429,
 * saying when another can be sent; the caller's transaction then writes nothing) when one was sent in the last
 * REQUEST_INTERVAL_HOURS. The client's row is locked first, so simultaneous requests take turns and each sees
 * the link the one before it wrote.
 */
export async function requestBankDetails(
  tx: Prisma.TransactionClient,
  client: { id: string; firstName: string; email: string | null },
  actor: Actor,
): Promise<boolean> {
  if (!client.email) return false;
  await tx.$queryRaw`SELECT 1 FROM "clients" WHERE "id" = ${client.id}::uuid FOR UPDATE`;
  const now = new Date();
  const interval = REQUEST_INTERVAL_HOURS * 60 * 60 * 1000;
  const last = await tx.bankDetailsRequest.findFirst({
    where: { clientId: client.id, createdAt: { gt: new Date(now.getTime() - interval) } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  if (last) {
    const nextAt = new Date(last.createdAt.getTime() + interval);
    throw tooManyRequests(
      requestTooSoonText(last.createdAt, nextAt),
      (nextAt.getTime() - now.getTime()) / 1000,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_VALID_DAYS * 24 * 60 * 60 * 1000);
  await tx.bankDetailsRequest.updateMany({
    where: { clientId: client.id, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  const request = await tx.bankDetailsRequest.create({
    data: {
      clientId: client.id,
      tokenHash: hashOf(token),
      expiresAt,
      requestedBy: actor.email,
      createdAt: now,
    },
    select: { id: true },
  });
  const data: BankDetailsRequestData = {
    firstName: client.firstName,
    tokenEnc: encrypt(token, encryptionKey()),
    expiresAt: expiresAt.toISOString(),
  };
  await queueMessages(tx, [
    {
      kind: 'bank-details-request',
      event: request.id,
      to: client.email,
      toName: client.firstName,
      subject: bankDetailsSubject(await clinicNameIn(tx)),
      data: { ...data },
      clientId: client.id,
    },
  ]);
  return true;
}

/**
 * Switching the request off withdraws the client's unused links (issue 28, point 5): they stop working at
 * once, and the page says the clinic withdrew the request.
 */
export async function withdrawBankDetailsLinks(
  tx: Prisma.TransactionClient,
  clientId: string,
): Promise<void> {
  await tx.bankDetailsRequest.updateMany({
    where: { clientId, usedAt: null, withdrawnAt: null },
    data: { withdrawnAt: new Date() },
  });
}

export type LinkState =
  | { state: 'valid'; firstName: string; expiresAt: Date }
  | { state: 'used' | 'expired' | 'invalid' | 'withdrawn' };

/** What /bank-details/{token} shows. */
export async function bankDetailsLinkState(token: string): Promise<LinkState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: 'invalid' };
  const row = await db.bankDetailsRequest.findUnique({
    where: { tokenHash: hashOf(token) },
    select: {
      usedAt: true,
      expiresAt: true,
      withdrawnAt: true,
      client: { select: { firstName: true, deletedAt: true } },
    },
  });
  if (!row || row.client.deletedAt) return { state: 'invalid' };
  if (row.usedAt) return { state: 'used' };
  if (row.withdrawnAt) return { state: 'withdrawn' };
  if (row.expiresAt <= new Date()) return { state: 'expired' };
  return { state: 'valid', firstName: row.client.firstName, expiresAt: row.expiresAt };
}

export function linkProblem(state: LinkState['state']): HttpError | null {
  if (state === 'used') return conflict(LINK_USED_TEXT, { state });
  if (state === 'expired') return new HttpError(410, LINK_EXPIRED_TEXT, { state });
  if (state === 'withdrawn') return new HttpError(410, LINK_WITHDRAWN_TEXT, { state });
  if (state === 'invalid') return notFound(LINK_INVALID_TEXT);
  return null;
}

/**
 * POST /api/bank-details/{token}: the details, once. The link's row is locked, so two submissions at once
 * store one set of details; the second is told the link was used.
 */
export async function submitBankDetails(
  token: string,
  details: { accountName: string; sortCode: string; accountNumber: string },
): Promise<void> {
  const problem = linkProblem((await bankDetailsLinkState(token)).state);
  if (problem) throw problem;
  await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: string; clientId: string; usedAt: Date | null; expiresAt: Date; withdrawnAt: Date | null }[]
    >`
      SELECT "id", "clientId", "usedAt", "expiresAt", "withdrawnAt" FROM "bank_details_requests"
      WHERE "tokenHash" = ${hashOf(token)} FOR UPDATE`;
    if (!row) throw notFound(LINK_INVALID_TEXT);
    if (row.usedAt) throw linkProblem('used')!;
    if (row.withdrawnAt) throw linkProblem('withdrawn')!;
    if (row.expiresAt <= new Date()) throw linkProblem('expired')!;
    await changeBankDetails(
      tx,
      row.clientId,
      { sortCode: details.sortCode, accountNumber: details.accountNumber, accountName: details.accountName },
      { ...CLIENT_LINK_ACTOR, isFullAdmin: false },
      { bacsRequested: false, bacsRequestedAt: null },
    );
    await tx.bankDetailsRequest.update({ where: { id: row.id }, data: { usedAt: new Date() } });
  });
}

export { kickMessages };
