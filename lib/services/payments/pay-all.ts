/**
 * 'Pay All Outstanding' for one client and month, all or nothing, audited.
 */
import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { PayAllResultDto } from '@/lib/dto/payments';
import { assertNotHeld } from '../bank-details';
import { paidReferralSelect, toReferralDto } from '@/lib/dto/referrals';
import type { Actor } from '../actor';
import { toAuditEntryDto } from '@/lib/dto/referrals';
import { fullName } from '../referrers';
import { toPounds } from '@/lib/money';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { rewardPaidMessages } from '../referrals';
import { getSettings } from '../settings';
import { ukMonthBounds } from './common';

/**
 * 'Pay All Outstanding' for one client and month: every unpaid conversion is marked paid, each with its own
 * 'payment_marked' audit entry, all in one transaction (all or nothing). The rows are locked first, so a
 * concurrent single payment or a second Pay All waits and then finds nothing left to pay.
 */
export async function payAll(
  input: { clientId: string; year: number; month: number },
  actor: Actor,
): Promise<PayAllResultDto> {
  // Read before the transaction (never on a second connection while holding one).
  const { paidEmailDelayMinutes, clinicName } = await getSettings();
  const result = await db.$transaction(async (tx) => {
    const { start, end } = await ukMonthBounds(input.year, input.month, tx);
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM referrals
      WHERE "referrerId" = ${input.clientId}::uuid AND status = 'Payment Due' AND "rewardPaid" = false
        AND "convertedAt" >= ${start} AND "convertedAt" < ${end}
      ORDER BY "convertedAt", id
      FOR UPDATE`;
    const ids = locked.map((r) => r.id);
    // A held client is refused whole (409 with who changed the details and when), like a single payment.
    if (ids.length > 0) await assertNotHeld(tx, [input.clientId]);
    if (ids.length === 0) {
      const exists = await tx.client.count({ where: { id: input.clientId, deletedAt: null } });
      if (!exists) throw notFound('That client does not exist.');
      return { paid: [], auditEntries: [], total: 0 };
    }
    const paidAt = new Date();
    await tx.referral.updateMany({ where: { id: { in: ids } }, data: { rewardPaid: true, paidAt } });
    const rows = await tx.referral.findMany({
      where: { id: { in: ids } },
      orderBy: [{ convertedAt: 'asc' }, { id: 'asc' }],
      select: paidReferralSelect,
    });
    const entries = await tx.paymentAuditEntry.createManyAndReturn({
      data: rows.map((r) => ({
        action: 'payment_marked' as const,
        referralId: r.id,
        clientId: r.referrer.id,
        clientName: fullName(r.referrer),
        referralName: fullName(r.lead) || 'Unknown Lead',
        amountPence: r.rewardPence ?? 0,
        performedById: actor.id,
        performedBy: actor.email,
      })),
    });
    // One 'reward paid' message for the whole payment, in its transaction (the outbox), waiting out the undo
    // window (issue 29): it tells of each payment, so undoing one of them cancels or corrects just that one.
    const referrer = rows[0]!.referrer;
    const paidItems = rows.map((r) => ({
      entry: entries.find((e) => e.referralId === r.id)!.id,
      referral: r.id,
      pence: r.rewardPence ?? 0,
    }));
    await queueMessages(
      tx,
      rewardPaidMessages(
        { ...referrer, hasBankDetails: referrer.accountNumberEnc !== null },
        paidItems,
        `pay-all:${entries[0]!.id}`,
        { sendAfterMinutes: paidEmailDelayMinutes },
        clinicName,
      ),
    );
    return {
      paid: rows.map(toReferralDto),
      auditEntries: entries.map(toAuditEntryDto),
      // Summed in pence, turned into pounds once (lib/money.ts).
      total: toPounds(rows.reduce((sum, r) => sum + (r.rewardPence ?? 0), 0)),
    };
  });
  if (result.paid.length > 0) kickMessages();
  return result;
}
