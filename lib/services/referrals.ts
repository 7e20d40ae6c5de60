import 'server-only';
import { conflict, forbidden, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { PaidEmailChange, PaymentResult, ReferralDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import { CLIENT_NOT_FOUND_TEXT, leadSearch, referrerStillThere } from './leads';
import {
  referralSelect,
  STATUS_TEXT,
  STATUS_VALUE,
  toAuditEntryDto,
  toReferralDto,
} from '@/lib/dto/referrals';
import {
  planMarkPaid,
  planStatusChange,
  planUndoPayment,
  type ReferralState,
  type ReferralStatusText,
} from './referral-status';
import { assertNotHeld } from './bank-details';
import { findReferrer, fullName } from './referrers';
import { afterCursor, countOf, inOrder, pageOf, type KeyRow, type Paged } from './search';
import { clinicNameIn, getSettings } from './settings';
import type { Actor } from './actor';

import { formatPence, toPence } from '@/lib/money';
import { rewardChangeText } from '@/lib/payment-audit';
import { kickMessages, queueMessages, type MessageDraft } from '@/lib/messages/outbox';
import type { RewardPaidCorrectionData, RewardPaidData } from '@/lib/messages/templates/messages';
import { rewardCorrectionSubject, rewardPaidSubject } from '@/lib/messages/subjects';

export const REFERRAL_NOT_FOUND_TEXT = 'That referral does not exist.';
export const LEAD_NOT_FOUND_TEXT = 'That lead does not exist.';
export const DUPLICATE_REFERRAL_TEXT = 'This lead is already a referral of this client.';
export const SELF_REFERRAL_TEXT = 'A client cannot be rewarded for referring themselves.';
export const PAID_REFERRAL_DELETE_TEXT =
  "This referral's reward has been paid, so it stays in the payment records. Undo the payment first if it was marked by mistake.";
export const DELETED_CLIENT_REFERRAL_TEXT =
  "This referral's client has been deleted, so its payment record can no longer change.";

/** The reward a referral made now is promised: the setting in force at this moment, in pence. */
export async function promisedRewardPence(): Promise<number> {
  return toPence((await getSettings()).referralRewardAmount);
}

export interface ReferralListOptions {
  clientId?: string;
  q?: string;
  cursor?: Cursor;
  limit: number;
}

/** A search of referrals looks at the lead: name (each word), email, or a phone number in any usual form. */
function referralFilter({ clientId, q }: Pick<ReferralListOptions, 'clientId' | 'q'>): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (clientId) conditions.push(Prisma.sql`r."referrerId" = ${clientId}::uuid`);
  if (q) conditions.push(leadSearch(q, 'l'));
  return conditions.length ? Prisma.join(conditions, ' AND ') : Prisma.sql`TRUE`;
}

/** The ids of one page of referrals, newest first (exported for the query-plan test). */
export function referralPageSql({ cursor, limit, ...filter }: ReferralListOptions): Prisma.Sql {
  const from = filter.q
    ? Prisma.sql`"referrals" r JOIN "leads" l ON l."id" = r."leadId"`
    : Prisma.sql`"referrals" r`;
  return Prisma.sql`SELECT r."id", r."createdAt" FROM ${from}
    WHERE ${referralFilter(filter)} AND ${afterCursor(cursor, Prisma.sql`r."createdAt"`, Prisma.sql`r."id"`)}
    ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${limit + 1}`;
}

export function referralCountSql(filter: Pick<ReferralListOptions, 'clientId' | 'q'>): Prisma.Sql {
  if (filter.clientId && !filter.q) {
    // The count the database keeps for each client.
    return Prisma.sql`SELECT "referralCount" AS n FROM "clients" WHERE "id" = ${filter.clientId}::uuid`;
  }
  const from = filter.q
    ? Prisma.sql`"referrals" r JOIN "leads" l ON l."id" = r."leadId"`
    : Prisma.sql`"referrals" r`;
  return Prisma.sql`SELECT count(*)::int AS n FROM ${from} WHERE ${referralFilter(filter)}`;
}

/** GET /api/referrals: newest first, paged; one client's (clientId) and searchable (q). */
export async function listReferrals(options: ReferralListOptions): Promise<Paged<ReferralDto>> {
  if (options.clientId) {
    const client = await db.client.findUnique({
      where: { id: options.clientId, deletedAt: null },
      select: { id: true },
    });
    if (!client) throw notFound(CLIENT_NOT_FOUND_TEXT);
  }
  const [keys, total] = await Promise.all([
    db.$queryRaw<KeyRow[]>(referralPageSql(options)),
    countOf(referralCountSql(options)),
  ]);
  const { rows, next } = pageOf(keys, options.limit);
  const ids = rows.map((r) => r.id);
  const found = await db.referral.findMany({ where: { id: { in: ids } }, select: referralSelect });
  return {
    items: inOrder(ids, found).map(toReferralDto),
    total,
    nextCursor: next ? encodeCursor(next) : null,
  };
}

async function getReferral(id: string, client: Prisma.TransactionClient = db): Promise<ReferralDto> {
  const row = await client.referral.findUnique({ where: { id }, select: referralSelect });
  if (!row) throw notFound(REFERRAL_NOT_FOUND_TEXT);
  return toReferralDto(row);
}

async function currentState(
  id: string,
  client: Prisma.TransactionClient = db,
): Promise<ReferralState & { rewardPence: number | null }> {
  const row = await client.referral.findUnique({
    where: { id },
    select: { status: true, rewardPaid: true, rewardPence: true, referrer: { select: { deletedAt: true } } },
  });
  if (!row) throw notFound(REFERRAL_NOT_FOUND_TEXT);
  // What is left of a deleted client's referrals is the payment record: it stays as it is.
  if (row.referrer.deletedAt) throw conflict(DELETED_CLIENT_REFERRAL_TEXT);
  return { status: STATUS_TEXT[row.status], rewardPaid: row.rewardPaid, rewardPence: row.rewardPence };
}

/** A self-referral (the lead's email is the referrer's own) is recorded for staff but never earns a reward. */
export const SELF_REFERRAL_NO_REWARD_TEXT =
  "This is a self-referral: the lead's email is the referring client's own, so it earns no reward.";

/** POST /api/referrals: a pending referral of a known lead by a known client (manual entry). */
export async function createReferral(input: { referrerId: string; leadId: string }): Promise<ReferralDto> {
  const referrer = await findReferrer(input.referrerId);
  if (!referrer) throw notFound(CLIENT_NOT_FOUND_TEXT);
  const lead = await db.lead.findUnique({ where: { id: input.leadId }, select: { id: true, email: true } });
  if (!lead) throw notFound(LEAD_NOT_FOUND_TEXT);
  if (lead.email === referrer.email) throw conflict(SELF_REFERRAL_TEXT);
  const rewardPence = await promisedRewardPence();
  try {
    const row = await db.$transaction(async (tx) => {
      // A client deleted meanwhile gets no new referral.
      if (!(await referrerStillThere(tx, referrer.id))) throw notFound(CLIENT_NOT_FOUND_TEXT);
      return tx.referral.create({
        data: { referrerId: referrer.id, leadId: lead.id, status: 'pending', rewardPence },
        select: referralSelect,
      });
    });
    return toReferralDto(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const existing = await db.referral.findUnique({
        where: { referrerId_leadId: { referrerId: referrer.id, leadId: lead.id } },
        select: referralSelect,
      });
      throw conflict(DUPLICATE_REFERRAL_TEXT, existing ? { referral: toReferralDto(existing) } : {});
    }
    throw error;
  }
}

/** Staff naming another reward than the referral's (issue 28, point 2): 403, nothing written. */
export function rewardChangeForbiddenText(fixedPence: number): string {
  return (
    `Only a full admin can change a reward's amount. This referral's reward is ${formatPence(fixedPence)}, ` +
    'fixed when the friend was referred: start the story without an amount, or ask a full admin.'
  );
}

/**
 * PATCH /api/referrals/{id}: moves a referral through the state machine (referral-status.ts). The write is
 * conditional on the state it was planned from, so two staff acting at once cannot both start a story or
 * revert a reward that has just been paid: the later one is planned again from what the first one left.
 *
 * Story Started owes the reward fixed when the friend was referred. Another amount is a full admin's decision
 * only (staff: 403, nothing written), and a full admin's is audited ('reward_changed': old and new amounts, who,
 * when) in the same transaction as the change, so the monthly report can say who changed it.
 */
export async function changeReferralStatus(
  id: string,
  target: ReferralStatusText,
  rewardAmount?: number | null,
  /** Who asks; without one (a script), only the fixed reward can be owed. */
  actor?: Actor & { isFullAdmin: boolean },
): Promise<ReferralDto> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await currentState(id);
    const plan = planStatusChange(current, target);
    if (plan.kind === 'refused') throw conflict(plan.message);
    if (plan.kind === 'none') return getReferral(id);

    let data: Prisma.ReferralUpdateManyMutationInput;
    let change: RewardChange | null = null;
    if (plan.kind === 'start' && (await isSelfReferral(id))) throw conflict(SELF_REFERRAL_NO_REWARD_TEXT);
    if (plan.kind === 'start') {
      // The reward is what the card promised when the friend was referred (set then); a later change of the
      // setting does not move it. An older row without one gets today's.
      const fixedPence = current.rewardPence ?? (await promisedRewardPence());
      const rewardPence = rewardAmount != null ? toPence(rewardAmount) : fixedPence;
      if (rewardPence !== fixedPence) {
        if (!actor?.isFullAdmin) throw forbidden(rewardChangeForbiddenText(fixedPence));
        change = { fromPence: fixedPence, toPence: rewardPence, by: actor };
      }
      data = { status: 'payment_due', rewardPence, rewardPaid: false, paidAt: null, convertedAt: new Date() };
    } else if (plan.kind === 'revert') {
      // The promised amount stays: starting the story again owes the same reward.
      data = { status: STATUS_VALUE[target], rewardPaid: false, paidAt: null, convertedAt: null };
    } else {
      data = { status: STATUS_VALUE[target] };
    }
    const where = { id, status: STATUS_VALUE[current.status], rewardPaid: current.rewardPaid };
    const done = change
      ? await db.$transaction(async (tx) => {
          const { count } = await tx.referral.updateMany({ where, data });
          if (count === 1) await auditRewardChange(tx, id, change);
          return count === 1;
        })
      : (await db.referral.updateMany({ where, data })).count === 1;
    if (done) return getReferral(id);
  }
  throw conflict('This referral was changed by someone else at the same time. Please try again.');
}

interface RewardChange {
  fromPence: number;
  toPence: number;
  by: Actor;
}

/** The 'reward_changed' entry of a full admin's change of a reward, written in the change's transaction. */
async function auditRewardChange(
  tx: Prisma.TransactionClient,
  id: string,
  change: RewardChange,
): Promise<void> {
  const row = await tx.referral.findUniqueOrThrow({
    where: { id },
    select: {
      referrer: { select: { id: true, firstName: true, lastName: true } },
      lead: { select: { firstName: true, lastName: true } },
    },
  });
  await tx.paymentAuditEntry.create({
    data: {
      action: 'reward_changed',
      referralId: id,
      clientId: row.referrer.id,
      clientName: fullName(row.referrer),
      referralName: fullName(row.lead) || 'Unknown Lead',
      amountPence: change.toPence,
      previousAmountPence: change.fromPence,
      performedById: change.by.id,
      performedBy: change.by.email,
      details: rewardChangeText(change.fromPence, change.toPence),
    },
  });
}

async function isSelfReferral(id: string): Promise<boolean> {
  const row = await db.referral.findUnique({
    where: { id },
    select: { lead: { select: { isSelfReferral: true } } },
  });
  return row?.lead.isSelfReferral ?? false;
}

/**
 * DELETE /api/referrals/{id}. A paid reward is a money record and is never rewritten: that referral stays
 * (409, saying why) until its payment is undone. The condition is part of the delete, so a payment made at
 * the same moment either lands first (and the delete is refused) or finds the referral gone.
 */
export async function deleteReferral(id: string): Promise<void> {
  const { count } = await db.referral.deleteMany({ where: { id, rewardPaid: false } });
  if (count === 1) return;
  const exists = await db.referral.count({ where: { id } });
  if (exists) throw conflict(PAID_REFERRAL_DELETE_TEXT);
  throw notFound(REFERRAL_NOT_FOUND_TEXT);
}

/** One payment a 'reward paid' email tells of: the audit entry that made it, its referral, its amount. */
export interface PaidItem {
  entry: string;
  referral: string;
  pence: number;
}

/**
 * 'Reward paid' to the referrer (issue 17): the amount and thanks, never the friend's name or anything about
 * their treatment. Nothing for a client without an email (deleted). The payments it tells of ride along in its
 * data (`paid`), so an undo finds the email of exactly the payment it undoes (withdrawRewardPaid). It waits
 * `paidEmailDelayMinutes` (issue 29), or until `sendAt` when it replaces a waiting one.
 */
export function rewardPaidMessages(
  referrer: { id: string; firstName: string; email: string | null; hasBankDetails?: boolean },
  paid: PaidItem[],
  event: string,
  when: { sendAfterMinutes?: number; sendAt?: Date | null } = {},
  /** For the subject line (issue 29, point 11). */
  clinicName: string | null = null,
): MessageDraft[] {
  const amountPence = paid.reduce((sum, p) => sum + p.pence, 0);
  if (!referrer.email || amountPence <= 0) return [];
  const data: RewardPaidData = {
    firstName: referrer.firstName,
    amountPence,
    toBank: referrer.hasBankDetails ?? true,
    paid,
  };
  return [
    {
      kind: 'reward-paid',
      event,
      to: referrer.email,
      toName: referrer.firstName,
      subject: rewardPaidSubject(amountPence, clinicName),
      data: { ...data },
      clientId: referrer.id,
      sendAfterMinutes: when.sendAfterMinutes,
      sendAt: when.sendAt ?? undefined,
    },
  ];
}

/** The correction a referrer gets when a payment is undone after its 'reward paid' email went (issue 29). */
export function rewardPaidCorrectionMessages(
  referrer: { id: string; firstName: string; email: string | null },
  amountPence: number,
  correctsId: string,
  event: string,
  /** For the subject line (issue 29, point 11). */
  clinicName: string | null = null,
): MessageDraft[] {
  if (!referrer.email || amountPence <= 0) return [];
  const data: RewardPaidCorrectionData = { firstName: referrer.firstName, amountPence, correctsId };
  return [
    {
      kind: 'reward-paid-correction',
      event,
      to: referrer.email,
      toName: referrer.firstName,
      subject: rewardCorrectionSubject(amountPence, clinicName),
      data: { ...data },
      clientId: referrer.id,
    },
  ];
}

/** What an undo did to the 'reward paid' email of the payment it undid (the API answers with it). */
export type PaidEmailOutcome = 'cancelled' | 'correction' | 'none';

export const PAID_EMAIL_CANCELLED_TEXT = 'Cancelled: the payment was undone before this email was sent.';

/**
 * An undo of the payment made by audit entry `paymentEntry` (issue 29), in the undo's transaction: the 'reward
 * paid' email that tells of it is cancelled if it is still waiting (it is never sent), or, if it has gone (or
 * is being sent right now), a short correction is written. The email's row is locked first: the sender takes
 * messages with FOR UPDATE SKIP LOCKED, so while the undo decides it cannot take this one, and a message it has
 * already taken carries a lease (lockedUntil) that the undo sees, and treats as sent. When the waiting email
 * told of other payments too (a Pay All), it is replaced by one for the rest, due at the same time.
 */
export async function withdrawRewardPaid(
  tx: Prisma.TransactionClient,
  referrer: { id: string; firstName: string; email: string | null; hasBankDetails?: boolean },
  paymentEntry: string,
  undoEntry: string,
): Promise<PaidEmailOutcome> {
  const [message] = await tx.$queryRaw<
    { id: string; status: string; data: { paid?: PaidItem[] }; dueAt: Date | null; inFlight: boolean }[]
  >`
    SELECT "id", "status"::text AS "status", "data", "nextAttemptAt" AS "dueAt",
           coalesce("lockedUntil" > now(), false) AS "inFlight"
    FROM "messages"
    WHERE "kind" = 'reward_paid' AND "clientId" = ${referrer.id}::uuid
      AND "data"->'paid' @> ${JSON.stringify([{ entry: paymentEntry }])}::jsonb
    ORDER BY "createdAt" DESC, "id" DESC LIMIT 1
    FOR UPDATE`;
  if (!message) return 'none';
  const paid = message.data.paid ?? [];
  const undone = paid.find((p) => p.entry === paymentEntry);
  const waiting = (message.status === 'queued' && !message.inFlight) || message.status === 'unsent';
  if (waiting) {
    // Conditional on the state read under the lock: a message the sender holds is never cancelled.
    const cancelled = await tx.$executeRaw`
      UPDATE "messages" SET "status" = 'cancelled', "lastError" = ${PAID_EMAIL_CANCELLED_TEXT},
        "nextAttemptAt" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
      WHERE "id" = ${message.id}::uuid AND "status" IN ('queued', 'unsent')
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= now())`;
    if (cancelled === 1) {
      const rest = paid.filter((p) => p.entry !== paymentEntry);
      if (rest.length > 0) {
        await queueMessages(
          tx,
          rewardPaidMessages(
            referrer,
            rest,
            `undo:${undoEntry}:rest`,
            { sendAt: message.dueAt },
            await clinicNameIn(tx),
          ),
        );
      }
      return 'cancelled';
    }
  }
  if (message.status === 'sent' || message.status === 'queued') {
    const written = await queueMessages(
      tx,
      rewardPaidCorrectionMessages(
        referrer,
        undone?.pence ?? 0,
        message.id,
        `undo:${undoEntry}`,
        await clinicNameIn(tx),
      ),
    );
    return written.length > 0 ? 'correction' : 'none';
  }
  // Failed or already cancelled: the person was never told, so there is nothing to take back.
  return 'none';
}

/**
 * Marks a reward paid (paid = true) or undoes that (paid = false), with its audit entry, in one transaction.
 * The update only matches a referral in the state the change needs; a concurrent second click finds the row
 * already changed (PostgreSQL re-checks the condition after the first commits), writes nothing and is told
 * so with a 409. Two staff clicking at once therefore make one payment and one entry. A client whose bank
 * details are held is not paid (409 naming who changed them and when).
 *
 * The 'reward paid' email is written with the payment but waits out the undo window (issue 29); an undo
 * cancels it or, once it has gone, writes a correction (withdrawRewardPaid).
 */
export async function setRewardPaid(id: string, paid: boolean, actor: Actor): Promise<PaymentResult> {
  // Read before the transaction: a read on another connection while holding one would starve the pool when
  // many payments run at once.
  const settings = await getSettings();
  const result = await db.$transaction(async (tx) => {
    if (paid) {
      // Not to an account someone other than a full admin has just put in (bank-details.ts).
      const referral = await tx.referral.findUnique({ where: { id }, select: { referrerId: true } });
      if (referral) await assertNotHeld(tx, [referral.referrerId]);
    }
    const { count } = await tx.referral.updateMany({
      where: paid
        ? { id, status: 'payment_due', rewardPaid: false, referrer: { deletedAt: null } }
        : { id, rewardPaid: true, referrer: { deletedAt: null } },
      data: { rewardPaid: paid, paidAt: paid ? new Date() : null },
    });
    if (count === 0) {
      const current = await currentState(id, tx);
      const plan = paid ? planMarkPaid(current) : planUndoPayment(current);
      throw conflict(plan.kind === 'refused' ? plan.message : 'Please try again.');
    }
    const row = await tx.referral.findUniqueOrThrow({
      where: { id },
      select: {
        ...referralSelect,
        referrer: {
          select: {
            id: true,
            firstName: true,
            lastName: true,
            email: true,
            deletedAt: true,
            accountNumberEnc: true,
          },
        },
      },
    });
    const amountPence = row.rewardPence ?? toPence(settings.referralRewardAmount);
    // The payment this undo undoes: the referral's latest 'payment_marked' entry.
    const payment = paid
      ? null
      : await tx.paymentAuditEntry.findFirst({
          where: { referralId: id, action: 'payment_marked' },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          select: { id: true },
        });
    const entry = await tx.paymentAuditEntry.create({
      data: {
        action: paid ? 'payment_marked' : 'payment_undone',
        referralId: row.id,
        clientId: row.referrer.id,
        clientName: fullName(row.referrer),
        referralName: fullName(row.lead) || 'Unknown Lead',
        amountPence,
        performedById: actor.id,
        performedBy: actor.email,
      },
    });
    const referrer = { ...row.referrer, hasBankDetails: row.referrer.accountNumberEnc !== null };
    // The referrer is told in the payment's own transaction (the outbox), once the undo window has passed.
    let paidEmail: PaidEmailChange = null;
    if (paid) {
      const written = await queueMessages(
        tx,
        rewardPaidMessages(
          referrer,
          [{ entry: entry.id, referral: row.id, pence: amountPence }],
          `payment:${entry.id}`,
          { sendAfterMinutes: settings.paidEmailDelayMinutes },
          settings.clinicName,
        ),
      );
      if (written.length > 0) paidEmail = 'queued';
    } else if (payment) {
      const outcome = await withdrawRewardPaid(tx, referrer, payment.id, entry.id);
      paidEmail = outcome === 'none' ? null : outcome;
    }
    return { referral: toReferralDto(row), auditEntry: toAuditEntryDto(entry), paidEmail };
  });
  kickMessages();
  return result;
}
