import type { Prisma, ReferralStatus } from '@/lib/generated/prisma/client';
import { toPounds, toPoundsOrNull } from '@/lib/money';

/** The spec's Referral (section 3) with the lead's details it derives: what the dashboard receives. */
export interface ReferralDto {
  id: string;
  leadId: string;
  referrerId: string;
  /** The referring client's name; 'Deleted client' once that client is deleted. */
  referrerName: string;
  /**
   * Present (true) only for a referral whose client was deleted: what is left of those is a paid reward, kept
   * for the payment records, with no client row to show it in.
   */
  referrerDeleted?: true;
  status: 'pending' | 'In Progress' | 'Payment Due';
  /**
   * Pounds (whole, or with pence for odd amounts): the reward promised when the friend was referred (issue 14,
   * point 8), known from the start and kept through a revert; null only for rows older than that.
   */
  rewardAmount: number | null;
  rewardPaid: boolean;
  paid: boolean;
  paidAt: string | null;
  /** When the story started (status Payment Due). */
  convertedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The lead's name, else 'Unknown Lead'. */
  name: string;
  email: string | null;
  phone: string | null;
  /** The lead's email is the referrer's own: flagged for staff, and it can never earn a reward. */
  selfReferral: boolean;
}

/** The spec's Lead (section 3) with what the form recorded. */
export interface LeadDto {
  id: string;
  firstName: string;
  lastName: string;
  /** Null once the lead's personal data was erased. */
  email: string | null;
  /** Normalised, e.g. +447123456789. */
  phone: string | null;
  /** The spec's value ('improve-my-smile', …) when the treatment is one of its four; null for the clinic's own. */
  treatmentInterest: string | null;
  /** The treatment as the form listed it when the friend chose it (issue 29: the clinic edits the list). */
  treatmentLabel: string | null;
  /** 'qr_referral' or 'Manual Entry'. */
  source: string;
  recommendedBy: string | null;
  /** The referring client's id, when the referrer was known. */
  referrerId: string | null;
  /** The lead's email is the referrer's own: recorded, but it earns no reward. */
  isSelfReferral: boolean;
  /** The card number the friend gave that matched no client ('Card number not found: SC-…'); null otherwise. */
  enteredCardNumber: string | null;
  /** The optional box for marketing messages, and when it was answered. */
  marketingConsent: boolean;
  marketingConsentAt: string | null;
  /** When the lead's personal data was erased; null while it is held. */
  erasedAt: string | null;
  /** When staff first reached the friend (an outcome other than 'no-answer'), and who. */
  contactedAt: string | null;
  contactedBy: string | null;
  /** What came of the call (issue 29): 'contacted', 'no-answer', 'booked' or 'not-interested'; null for none. */
  outcome: 'contacted' | 'no-answer' | 'booked' | 'not-interested' | null;
  /** The short note that went with it, and who set it when. */
  outcomeNote: string | null;
  outcomeAt: string | null;
  outcomeBy: string | null;
  createdAt: string;
}

/** GET /api/referrals/inbox (issue 17): a lead nobody has handled yet, with who referred them. */
export interface InboxItemDto extends LeadDto {
  /** The referral to move on (null when the card number was not found, or no referrer was given). */
  referralId: string | null;
  referrer: { id: string; name: string; cardNumber: string } | null;
}

/**
 * POST /api/leads as signed-in staff see it. 201 for a new lead; 200 with `existing: true` when the referrer
 * already referred this email. `referral` (the whole referral) so the dashboard can show it at once.
 */
export interface CreateLeadResult {
  leadId: string;
  /** The referral of the named client; null when no known client was named. */
  referralId: string | null;
  existing?: boolean;
  /** A known lead (`existing`) whose referral had been deleted: the referral was made again. */
  restored?: boolean;
  /** The email is the referrer's own: the referral is flagged and earns nothing. */
  selfReferral?: boolean;
  referral?: ReferralDto;
}

/**
 * POST /api/leads from the public form (not signed in): always 201 with exactly these keys, whatever the data,
 * so that the answer cannot tell a stranger whether an email was sent before or belongs to a client.
 */
export interface PublicLeadResult {
  leadId: string;
  referralId: string | null;
}

/**
 * What an audit entry records: a payment, its undoing, a reward cancelled because its client was deleted (it
 * will not be paid), a full admin's change of a reward's amount, or a change or approval of a client's bank
 * details.
 */
export type PaymentAuditActionDto =
  | 'payment_marked'
  | 'payment_undone'
  | 'reward_cancelled'
  | 'reward_changed'
  | 'bank_details_changed'
  | 'bank_details_approved';

/** The spec's Payment audit entry (section 3), and the bank-details entries beside the payments. */
export interface PaymentAuditEntryDto {
  id: string;
  timestamp: string;
  action: PaymentAuditActionDto;
  clientName: string;
  referralName: string;
  /** Pounds. */
  amount: number;
  /** The signed-in user's email. */
  performedBy: string;
  /**
   * Bank-details entries: what changed, numbers masked to their last digits; a reward's change: from and to
   * which amount (null for payments).
   */
  details: string | null;
}

/** POST and DELETE /api/referrals/{id}/payment. */
/**
 * What a payment or its undo did to the 'reward paid' email (issue 29): queued to wait out the undo window,
 * cancelled before it went, a correction written because it had gone; null when there was none.
 */
export type PaidEmailChange = 'queued' | 'cancelled' | 'correction' | null;

export interface PaymentResult {
  referral: ReferralDto;
  auditEntry: PaymentAuditEntryDto;
  paidEmail?: PaidEmailChange;
}

// ----------------------------------------------------------------------------------------- row → DTO

/** The spec's referral status texts (section 4). */
export const STATUS_TEXT: Record<ReferralStatus, 'pending' | 'In Progress' | 'Payment Due'> = {
  pending: 'pending',
  in_progress: 'In Progress',
  payment_due: 'Payment Due',
};

/** The database's status label back to Prisma's enum value (STATUS_TEXT the other way round). */
export const STATUS_VALUE: Record<(typeof STATUS_TEXT)[ReferralStatus], ReferralStatus> = {
  pending: 'pending',
  'In Progress': 'in_progress',
  'Payment Due': 'payment_due',
};

export const referralSelect = {
  id: true,
  leadId: true,
  referrerId: true,
  status: true,
  rewardPence: true,
  rewardPaid: true,
  paidAt: true,
  convertedAt: true,
  createdAt: true,
  updatedAt: true,
  lead: {
    select: {
      firstName: true,
      lastName: true,
      email: true,
      phone: true,
      isSelfReferral: true,
      erasedAt: true,
    },
  },
  referrer: { select: { firstName: true, lastName: true, deletedAt: true } },
} satisfies Prisma.ReferralSelect;

type ReferralRow = Prisma.ReferralGetPayload<{ select: typeof referralSelect }>;

export function toReferralDto(row: ReferralRow): ReferralDto {
  const name = `${row.lead.firstName} ${row.lead.lastName}`.trim();
  return {
    id: row.id,
    leadId: row.leadId,
    referrerId: row.referrerId,
    // A paid referral of a deleted client stays on record; the client's name is erased.
    referrerName: row.referrer.deletedAt
      ? 'Deleted client'
      : `${row.referrer.firstName} ${row.referrer.lastName}`.trim(),
    ...(row.referrer.deletedAt && { referrerDeleted: true as const }),
    status: STATUS_TEXT[row.status],
    rewardAmount: toPoundsOrNull(row.rewardPence),
    rewardPaid: row.rewardPaid,
    paid: row.rewardPaid,
    paidAt: row.paidAt?.toISOString() ?? null,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.lead.erasedAt ? 'Erased lead' : name || 'Unknown Lead',
    email: row.lead.email || null,
    phone: row.lead.phone,
    selfReferral: row.lead.isSelfReferral,
  };
}

/** An audit row (with its client's and referral's names) as the API answers it. */
export function toAuditEntryDto(row: {
  id: string;
  createdAt: Date;
  action: PaymentAuditActionDto;
  clientName: string;
  referralName: string;
  amountPence: number;
  performedBy: string;
  details?: string | null;
}): PaymentAuditEntryDto {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    action: row.action,
    clientName: row.clientName,
    referralName: row.referralName,
    amount: toPounds(row.amountPence),
    performedBy: row.performedBy,
    details: row.details ?? null,
  };
}
