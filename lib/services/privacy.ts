import 'server-only';
import { eraseMessagesOf } from '@/lib/messages/outbox';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { toPounds, toPoundsOrNull } from '@/lib/money';
import { monthsBefore, SCAN_RETENTION_MONTHS } from '@/lib/retention-rules';
import { leadSelect, STATUS_TEXT, toLeadDto } from '@/lib/dto/referrals';
import { storedBankDetails } from './bank-details';
import { getSettings } from './settings';
import { deleteUnmatchedRecords } from './practice/ingest';
import { emptyOldImportCells } from './imports/retention';

/**
 * Privacy (issue 16): everything held about one person as JSON for a full admin (a subject access request),
 * a lead's erasure, and the daily retention rules. Money records stay: an erased lead's referral keeps its
 * amounts and dates, and the audit keeps every amount with the name replaced.
 */

export const ERASED_LEAD_TEXT = 'Erased lead';
const CLIENT_NOT_FOUND = 'That client does not exist.';
const REFERRAL_NOT_FOUND = 'That referral does not exist.';
const LEAD_NOT_FOUND = 'That lead does not exist.';

const referralFacts = {
  id: true,
  status: true,
  rewardPence: true,
  rewardPaid: true,
  paidAt: true,
  convertedAt: true,
  createdAt: true,
} satisfies Prisma.ReferralSelect;

function referralFactsDto(r: Prisma.ReferralGetPayload<{ select: typeof referralFacts }>) {
  return {
    id: r.id,
    status: STATUS_TEXT[r.status],
    rewardAmount: toPoundsOrNull(r.rewardPence),
    rewardPaid: r.rewardPaid,
    paidAt: r.paidAt?.toISOString() ?? null,
    convertedAt: r.convertedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

function auditDto(a: {
  action: string;
  amountPence: number;
  performedBy: string;
  createdAt: Date;
  details: string | null;
}) {
  return {
    action: a.action,
    amount: toPounds(a.amountPence),
    performedBy: a.performedBy,
    details: a.details,
    timestamp: a.createdAt.toISOString(),
  };
}

/**
 * GET /api/clients/{id}/export: the client's own details (bank details decrypted, as they are held), their
 * referrals as facts (status, reward, dates: nothing about the friends, who are other people), and the payment
 * audit about them.
 */
export async function exportClient(id: string) {
  const client = await db.client.findFirst({
    where: { id, deletedAt: null },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      cardNumber: true,
      affiliateCompany: true,
      sortCodeEnc: true,
      accountNumberEnc: true,
      accountNameEnc: true,
      bacsRequested: true,
      bacsRequestedAt: true,
      createdAt: true,
      updatedAt: true,
      referrals: { select: referralFacts, orderBy: { createdAt: 'asc' } },
    },
  });
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  const audit = await db.paymentAuditEntry.findMany({
    where: { clientId: id },
    orderBy: { createdAt: 'asc' },
    select: { action: true, amountPence: true, performedBy: true, createdAt: true, details: true },
  });
  const { sortCodeEnc, accountNumberEnc, accountNameEnc, referrals, ...details } = client;
  return {
    exportedAt: new Date().toISOString(),
    kind: 'client',
    client: {
      ...details,
      bacsRequestedAt: details.bacsRequestedAt?.toISOString() ?? null,
      createdAt: details.createdAt.toISOString(),
      updatedAt: details.updatedAt.toISOString(),
      bankDetails: storedBankDetails({ sortCodeEnc, accountNumberEnc, accountNameEnc }),
    },
    referralsMade: referrals.map(referralFactsDto),
    paymentAudit: audit.map(auditDto),
  };
}

/**
 * GET /api/referrals/{id}/export: everything held about the friend behind a referral: what the form recorded
 * (with the marketing answer and its time) and their referrals as facts. The referring client is named only
 * by card number.
 */
export async function exportReferralLead(referralId: string) {
  const referral = await db.referral.findUnique({ where: { id: referralId }, select: { leadId: true } });
  if (!referral) throw notFound(REFERRAL_NOT_FOUND);
  const lead = await db.lead.findUniqueOrThrow({
    where: { id: referral.leadId },
    select: {
      ...leadSelect,
      referrals: { select: { ...referralFacts, referrer: { select: { cardNumber: true } } } },
    },
  });
  const { referrals, ...row } = lead;
  return {
    exportedAt: new Date().toISOString(),
    kind: 'lead',
    lead: toLeadDto(row),
    referrals: referrals.map((r) => ({ ...referralFactsDto(r), referrerCardNumber: r.referrer.cardNumber })),
  };
}

/** The erased state of a lead: nothing that names or reaches the person is left. */
const ERASED = (now: Date) =>
  ({
    firstName: '',
    lastName: '',
    email: null,
    phone: null,
    treatmentInterest: null,
    treatmentLabel: null,
    recommendedBy: null,
    enteredCardNumber: null,
    marketingConsent: false,
    marketingConsentAt: null,
    erasedAt: now,
  }) satisfies Prisma.LeadUpdateManyMutationInput;

async function eraseLeads(tx: Prisma.TransactionClient, ids: string[], now: Date): Promise<number> {
  if (!ids.length) return 0;
  const { count } = await tx.lead.updateMany({
    where: { id: { in: ids }, erasedAt: null },
    data: ERASED(now),
  });
  // The audit keeps every amount; the friend's name in it is personal data and goes.
  await tx.paymentAuditEntry.updateMany({
    where: {
      referralId: {
        in: (await tx.referral.findMany({ where: { leadId: { in: ids } }, select: { id: true } })).map(
          (r) => r.id,
        ),
      },
    },
    data: { referralName: ERASED_LEAD_TEXT },
  });
  await eraseMessagesOf(tx, { leadIds: ids });
  return count;
}

/** POST /api/leads/{id}/erase (full admins): the lead's personal data goes; its referral and money stay. */
export async function eraseLead(id: string, now = new Date()): Promise<{ erased: boolean }> {
  return db.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({ where: { id }, select: { erasedAt: true } });
    if (!lead) throw notFound(LEAD_NOT_FOUND);
    return { erased: (await eraseLeads(tx, [id], now)) > 0 };
  });
}

export interface RetentionResult {
  leadsErased: number;
  scansErased: number;
  /** Messages sent (or given up) long enough ago whose content was emptied: the record of them stays. */
  messagesEmptied: number;
  /** Issue 33: rows of imported files whose cells were emptied after 7 days (lib/services/imports/retention.ts). */
  importRowsEmptied: number;
  /** Issue 34: practice records that matched no referral, deleted 30 days after they came. */
  practiceRecordsDeleted: number;
}

/** How long a message's content is kept after it was sent or given up; its record (who, what, when) stays. */
export const MESSAGE_CONTENT_DAYS = 90;

/**
 * The daily retention run (lib/jobs): leads older than the clinic's leadRetentionMonths that never became a
 * paying referral (none reached Story Started or was paid) are erased; review-page visits older than 13 months
 * lose what identifies the browser (session id, user agent), keeping the counts and every bonus; messages sent
 * or given up over 90 days ago lose their content (names, numbers), keeping the record that they were sent;
 * imported files' leftover cells (errors.csv's rows, abandoned previews) go after 7 days (issue 33).
 */
export async function runRetention(now = new Date()): Promise<RetentionResult> {
  const { leadRetentionMonths } = await getSettings();
  const leadCutoff = monthsBefore(now, leadRetentionMonths);
  const scanCutoff = monthsBefore(now, SCAN_RETENTION_MONTHS);
  return db.$transaction(async (tx) => {
    const due = await tx.lead.findMany({
      where: {
        erasedAt: null,
        createdAt: { lt: leadCutoff },
        referrals: { none: { OR: [{ status: 'payment_due' }, { rewardPaid: true }] } },
      },
      select: { id: true },
    });
    const leadsErased = await eraseLeads(
      tx,
      due.map((l) => l.id),
      now,
    );
    const scans = await tx.reviewScan.updateMany({
      where: { createdAt: { lt: scanCutoff }, NOT: { sessionId: ERASED_SESSION } },
      data: { sessionId: ERASED_SESSION, userAgent: null },
    });
    await tx.reviewPlatformChoice.updateMany({
      where: { createdAt: { lt: scanCutoff }, NOT: { sessionId: ERASED_SESSION } },
      data: { sessionId: ERASED_SESSION },
    });
    const messagesEmptied = await tx.$executeRaw`
      UPDATE "messages" SET "data" = '{}'::jsonb, "updatedAt" = now()
      WHERE "status" IN ('sent', 'failed') AND "updatedAt" < ${new Date(now.getTime() - MESSAGE_CONTENT_DAYS * 86_400_000)}
        AND "data" <> '{}'::jsonb`;
    const importRowsEmptied = await emptyOldImportCells(tx, now);
    const practiceRecordsDeleted = await deleteUnmatchedRecords(tx, now);
    return {
      leadsErased,
      scansErased: scans.count,
      messagesEmptied,
      importRowsEmptied,
      practiceRecordsDeleted,
    };
  });
}

/** What an old visit's browser identifier becomes. */
export const ERASED_SESSION = 'erased';
