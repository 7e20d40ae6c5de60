/**
 * Deleting a client (issue 14, point 7): personal data goes, money records stay.
 */
import 'server-only';
import { eraseMessagesOf } from '@/lib/messages/outbox';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { newInviteToken } from '@/lib/codes';
import { cardIdentity } from '@/lib/card-address';
import { forgetCards } from '@/lib/known-cards';
import { deletedClientLabel, DELETED_CLIENT_TEXT, fullName } from '../referrers';
import type { Actor } from '../actor';
import { toPounds } from '@/lib/money';

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
  // The card's addresses are counted lookups again on this instance (the card itself is read fresh by every one).
  forgetCards(gone.inviteToken, cardIdentity(gone.inviteToken), gone.cardKey);
  return { cancelledAmount: toPounds(gone.cancelledPence) };
}
