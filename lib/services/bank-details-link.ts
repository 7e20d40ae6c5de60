import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { conflict, HttpError, notFound } from '@/lib/api/errors';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import type { BankDetailsRequestData } from '@/lib/messages/templates/messages';
import type { Actor } from './actor';
import { changeBankDetails } from './bank-details';
import { expireCards } from './card-cache';

/**
 * 'Request BACS Details' (issue 17): the client is emailed a one-time link, /bank-details/{token}, to a page
 * where they enter their bank details themselves. The token is 32 random bytes (256 bits, not guessable); the
 * database keeps only its SHA-256, and the message carries it encrypted until it is sent. A link works once
 * and for 7 days; a newer request replaces the older links. What the client enters is stored encrypted,
 * audited as entered by the client, and held for a full admin's approval like any change not made by one.
 */
export const LINK_VALID_DAYS = 7;
export const LINK_USED_TEXT =
  'This link has already been used: your bank details were sent to the clinic. If you need to change them, please contact the clinic.';
export const LINK_EXPIRED_TEXT = 'This link has expired. Please ask the clinic to send you a new one.';
export const LINK_INVALID_TEXT =
  'This link is not valid. Please check you opened the whole link from the email.';

/** The actor recorded for details a client enters through the link. */
export const CLIENT_LINK_ACTOR: Actor = { id: null, email: 'the client (bank details link)' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Writes a new link for the client and its message, in `tx`; earlier unused links stop working. */
export async function requestBankDetails(
  tx: Prisma.TransactionClient,
  client: { id: string; firstName: string; email: string | null },
  actor: Actor,
): Promise<boolean> {
  if (!client.email) return false;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LINK_VALID_DAYS * 24 * 60 * 60 * 1000);
  await tx.bankDetailsRequest.updateMany({
    where: { clientId: client.id, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  const request = await tx.bankDetailsRequest.create({
    data: { clientId: client.id, tokenHash: hashOf(token), expiresAt, requestedBy: actor.email },
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
      subject: 'Where should we pay your referral reward?',
      data: { ...data },
      clientId: client.id,
    },
  ]);
  return true;
}

export type LinkState =
  { state: 'valid'; firstName: string; expiresAt: Date } | { state: 'used' | 'expired' | 'invalid' };

/** What /bank-details/{token} shows. */
export async function bankDetailsLinkState(token: string): Promise<LinkState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: 'invalid' };
  const row = await db.bankDetailsRequest.findUnique({
    where: { tokenHash: hashOf(token) },
    select: { usedAt: true, expiresAt: true, client: { select: { firstName: true, deletedAt: true } } },
  });
  if (!row || row.client.deletedAt) return { state: 'invalid' };
  if (row.usedAt) return { state: 'used' };
  if (row.expiresAt <= new Date()) return { state: 'expired' };
  return { state: 'valid', firstName: row.client.firstName, expiresAt: row.expiresAt };
}

export function linkProblem(state: LinkState['state']): HttpError | null {
  if (state === 'used') return conflict(LINK_USED_TEXT, { state });
  if (state === 'expired') return new HttpError(410, LINK_EXPIRED_TEXT, { state });
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
  const keys = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: string; clientId: string; usedAt: Date | null; expiresAt: Date }[]
    >`
      SELECT "id", "clientId", "usedAt", "expiresAt" FROM "bank_details_requests"
      WHERE "tokenHash" = ${hashOf(token)} FOR UPDATE`;
    if (!row) throw notFound(LINK_INVALID_TEXT);
    if (row.usedAt) throw linkProblem('used')!;
    if (row.expiresAt <= new Date()) throw linkProblem('expired')!;
    await changeBankDetails(
      tx,
      row.clientId,
      { sortCode: details.sortCode, accountNumber: details.accountNumber, accountName: details.accountName },
      { ...CLIENT_LINK_ACTOR, isFullAdmin: false },
      { bacsRequested: false, bacsRequestedAt: null },
    );
    await tx.bankDetailsRequest.update({ where: { id: row.id }, data: { usedAt: new Date() } });
    return tx.client.findUniqueOrThrow({
      where: { id: row.clientId },
      select: { inviteToken: true, cardKey: true },
    });
  });
  expireCards(keys.inviteToken, keys.cardKey);
}

export { kickMessages };
