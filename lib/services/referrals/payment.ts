/**
 * Marking a referral's reward paid, or undoing it, audited.
 */
import 'server-only';
import { conflict } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { PaidEmailChange, PaymentResult } from '@/lib/dto/referrals';
import { paidReferralSelect, toAuditEntryDto, toReferralDto } from '@/lib/dto/referrals';
import { planMarkPaid, planUndoPayment } from '../referral-status';
import { assertNotHeld } from '../bank-details';
import { fullName } from '../referrers';
import { getSettings } from '../settings';
import type { Actor } from '../actor';
import { toPence } from '@/lib/money';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { currentState } from './common';
import { rewardPaidMessages, withdrawRewardPaid } from './paid-emails';

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
      select: paidReferralSelect,
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
