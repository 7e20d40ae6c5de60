/**
 * The answers of the referrals and leads endpoints (issue 30): each a zod schema (the contract, checked against
 * every real answer in the integration suite) with its TypeScript type inferred from it. Safe to import from
 * the browser: schemas and pure mappers only (the Prisma imports are types).
 */
import { z } from '@/lib/validation/zod';
import type { Prisma, ReferralStatus } from '@/lib/generated/prisma/client';
import type { LeadOutcomeValue } from '@/lib/validation/leads';
import { toPounds, toPoundsOrNull } from '@/lib/money';

/** A referral's status as the API says it (spec section 4): Story Started is 'Payment Due'. */
export const referralStatusSchema = z.enum(['pending', 'In Progress', 'Payment Due']).meta({
  id: 'ReferralStatus',
  description:
    "'pending' (new), 'In Progress' (being followed up), 'Payment Due' (Story Started: a reward is owed).",
});

/** The spec's Referral (section 3) with the lead's details it derives: what the dashboard receives. */
export const referralSchema = z
  .object({
    id: z.uuid(),
    leadId: z.uuid(),
    referrerId: z.uuid(),
    /** The referring client's name; 'Deleted client' once that client is deleted. */
    referrerName: z
      .string()
      .meta({ description: "The referring client's name; 'Deleted client' once that client is deleted." }),
    /**
     * Present (true) only for a referral whose client was deleted: what is left of those is a paid reward, kept
     * for the payment records, with no client row to show it in.
     */
    referrerDeleted: z.literal(true).optional().meta({
      description:
        'Present (true) only for a referral whose client was deleted: a paid reward kept for the payment records.',
    }),
    status: referralStatusSchema,
    /**
     * Pounds (whole, or with pence for odd amounts): the reward promised when the friend was referred (issue 14,
     * point 8), known from the start and kept through a revert; null only for rows older than that.
     */
    rewardAmount: z.number().nullable().meta({
      description:
        'Pounds: the reward promised when the friend was referred, kept through a revert; null for a self-referral (it earns nothing) and for rows older than promised rewards.',
    }),
    rewardPaid: z.boolean(),
    /** The same as rewardPaid (the spec's older name). */
    paid: z.boolean().meta({ description: 'The same as rewardPaid.' }),
    paidAt: z.iso.datetime().nullable(),
    /** When the story started (status Payment Due). */
    convertedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'When the story started (status Payment Due).' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** The lead's name, else 'Unknown Lead'. */
    name: z
      .string()
      .meta({ description: "The friend's name; 'Unknown Lead' when none, 'Erased lead' once erased." }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The lead's email is the referrer's own: flagged for staff, and it can never earn a reward. */
    selfReferral: z.boolean().meta({
      description:
        "The friend's email is the referrer's own: flagged for staff, and it can never earn a reward.",
    }),
  })
  .meta({ id: 'Referral', description: 'A referral: a client recommended a friend (the lead).' });
export type ReferralDto = z.infer<typeof referralSchema>;

/** What came of reception's call (issue 29), as the API spells it. */
export const leadOutcomeSchema = z.enum(['contacted', 'no-answer', 'booked', 'not-interested']).meta({
  id: 'LeadOutcome',
  description:
    "What came of reception's call: 'no-answer' keeps the friend in the inbox to try again; the others take them out.",
});

/** The spec's Lead (section 3) with what the form recorded. */
export const leadSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** Null once the lead's personal data was erased. */
    email: z.string().nullable().meta({ description: "Null once the lead's personal data was erased." }),
    /** Normalised, e.g. +447123456789. */
    phone: z
      .string()
      .nullable()
      .meta({ description: 'Normalised, e.g. +447123456789.', example: '+447123456789' }),
    /** The spec's value ('improve-my-smile', …) when the treatment is one of its four; null for the clinic's own. */
    treatmentInterest: z.string().nullable().meta({
      description:
        "'replace-missing-teeth', 'improve-my-smile', 'healthy-pain-free-mouth' or 'facial-aesthetic-treatments' when the treatment is one of those four; null for a treatment of the clinic's own (see treatmentLabel).",
    }),
    /** The treatment as the form listed it when the friend chose it (issue 29: the clinic edits the list). */
    treatmentLabel: z.string().nullable().meta({
      description:
        'The treatment as the form listed it when the friend chose it (the clinic edits the list).',
    }),
    /** 'qr_referral' or 'Manual Entry'. */
    source: z.string().meta({ description: "'qr_referral' (the public form) or 'Manual Entry' (staff)." }),
    /** Who the friend said recommended them: the referrer's name when the referrer is known. */
    recommendedBy: z.string().nullable().meta({
      description:
        "The referrer's name when the referrer is known, else the name the friend typed (or null).",
    }),
    /** The referring client's id, when the referrer was known. */
    referrerId: z
      .uuid()
      .nullable()
      .meta({ description: "The referring client's id, when the referrer was known." }),
    /** The lead's email is the referrer's own: recorded, but it earns no reward. */
    isSelfReferral: z.boolean().meta({
      description: "The friend's email is the referrer's own: recorded, but it earns no reward.",
    }),
    /** The card number the friend gave that matched no client ('Card number not found: SC-…'); null otherwise. */
    enteredCardNumber: z.string().nullable().meta({
      description:
        'The card number the friend gave that matched no client, for staff to match; null otherwise.',
    }),
    /** The optional box for marketing messages, and when it was answered. */
    marketingConsent: z.boolean().meta({ description: "The form's optional box for marketing messages." }),
    marketingConsentAt: z.iso.datetime().nullable().meta({ description: 'When the box was answered.' }),
    /** When the lead's personal data was erased; null while it is held. */
    erasedAt: z.iso.datetime().nullable().meta({
      description: "When the lead's personal data was erased; null while it is held.",
    }),
    /** When staff first reached the friend (an outcome other than 'no-answer'), and who. */
    contactedAt: z.iso.datetime().nullable().meta({
      description: "When staff first reached the friend (an outcome other than 'no-answer').",
    }),
    contactedBy: z
      .string()
      .nullable()
      .meta({ description: 'The email of the staff member who reached them.' }),
    /** What came of the call (issue 29): 'contacted', 'no-answer', 'booked' or 'not-interested'; null for none. */
    outcome: leadOutcomeSchema.nullable(),
    /** The short note that went with it, and who set it when. */
    outcomeNote: z.string().nullable().meta({ description: 'The short note that went with the outcome.' }),
    outcomeAt: z.iso.datetime().nullable(),
    outcomeBy: z
      .string()
      .nullable()
      .meta({ description: 'The email of the staff member who set the outcome.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'Lead',
    description: 'A friend recommended to the clinic, as the form (or staff) recorded them.',
  });
export type LeadDto = z.infer<typeof leadSchema>;

/** GET /api/referrals/inbox (issue 17): a lead nobody has handled yet, with who referred them. */
export const inboxItemSchema = leadSchema
  .extend({
    /** The referral to move on (null when the card number was not found, or no referrer was given). */
    referralId: z.uuid().nullable().meta({
      description:
        'The referral to move on; null when the card number was not found, or no referrer was given.',
    }),
    referrer: z
      .object({ id: z.uuid(), name: z.string(), cardNumber: z.string() })
      .nullable()
      .meta({ description: 'The referring client; null when none is known (or the client was deleted).' }),
  })
  .meta({ id: 'InboxItem', description: 'A lead in the new-referrals inbox, with who referred them.' });
export type InboxItemDto = z.infer<typeof inboxItemSchema>;

/**
 * POST /api/leads as signed-in staff see it. 201 for a new lead; 200 with `existing: true` when the referrer
 * already referred this email. `referral` (the whole referral) so the dashboard can show it at once.
 */
export const createLeadResultSchema = z
  .object({
    leadId: z.uuid(),
    /** The referral of the named client; null when no known client was named. */
    referralId: z.uuid().nullable().meta({
      description: 'The referral of the named client; null when no known client was named.',
    }),
    existing: z.literal(true).optional().meta({
      description:
        'Present (true) when the referrer had already referred this email: the earlier lead is answered.',
    }),
    /** A known lead (`existing`) whose referral had been deleted: the referral was made again. */
    restored: z.literal(true).optional().meta({
      description:
        'Present (true) for a known lead whose referral had been deleted: the referral was made again.',
    }),
    /** The email is the referrer's own: the referral is flagged and earns nothing. */
    selfReferral: z.literal(true).optional().meta({
      description:
        "Present (true) when the email is the referrer's own: the referral is flagged and earns nothing.",
    }),
    referral: referralSchema
      .optional()
      .meta({ description: 'The whole referral, when one was made or found.' }),
  })
  .meta({ id: 'CreateLeadResult', description: 'A lead recorded (or found) by staff, and its referral.' });
export type CreateLeadResult = z.infer<typeof createLeadResultSchema>;

/**
 * POST /api/leads from the public form (not signed in): always 201 with exactly these keys, whatever the data,
 * so that the answer cannot tell a stranger whether an email was sent before or belongs to a client.
 */
export const publicLeadResultSchema = z
  .object({
    leadId: z.uuid().meta({ description: 'A receipt for the submission.' }),
    referralId: z.uuid().nullable().meta({
      description: 'A receipt for the referral; null only when the form named no known referrer.',
    }),
  })
  .meta({
    id: 'PublicLeadResult',
    description:
      "What the public form is told: always these two keys, whatever was recorded, so the answer says nothing about anyone's data.",
  });
export type PublicLeadResult = z.infer<typeof publicLeadResultSchema>;

/**
 * What an audit entry records: a payment, its undoing, a reward cancelled because its client was deleted (it
 * will not be paid), a full admin's change of a reward's amount, or a change or approval of a client's bank
 * details.
 */
export const paymentAuditActionSchema = z
  .enum([
    'payment_marked',
    'payment_undone',
    'reward_cancelled',
    'reward_changed',
    'story_started',
    'bank_details_changed',
    'bank_details_approved',
  ])
  .meta({
    id: 'PaymentAuditAction',
    description:
      "A payment, its undoing, a reward cancelled because its client was deleted (it will not be paid), a full admin's change of a reward's amount, a Story Started confirmed from the practice's records, or a change or approval of a client's bank details.",
  });
export type PaymentAuditActionDto = z.infer<typeof paymentAuditActionSchema>;

/** The spec's Payment audit entry (section 3), and the bank-details entries beside the payments. */
export const paymentAuditEntrySchema = z
  .object({
    id: z.uuid(),
    timestamp: z.iso.datetime(),
    action: paymentAuditActionSchema,
    clientName: z.string(),
    referralName: z.string(),
    /** Pounds. */
    amount: z.number().meta({ description: 'Pounds.' }),
    /** The signed-in user's email. */
    performedBy: z.string().meta({ description: 'The email of the staff member who did it.' }),
    /**
     * Bank-details entries: what changed, numbers masked to their last digits; a reward's change: from and to
     * which amount (null for payments).
     */
    details: z.string().nullable().meta({
      description:
        "Bank-details entries: what changed, numbers masked to their last digits; a reward's change: from and to which amount; null for payments.",
    }),
  })
  .meta({ id: 'PaymentAuditEntry', description: 'One entry of the payment audit log.' });
export type PaymentAuditEntryDto = z.infer<typeof paymentAuditEntrySchema>;

/**
 * What a payment or its undo did to the 'reward paid' email (issue 29): queued to wait out the undo window,
 * cancelled before it went, a correction written because it had gone; null when there was none.
 */
export const paidEmailChangeSchema = z.enum(['queued', 'cancelled', 'correction']).nullable().meta({
  description:
    "What the change did to the 'reward paid' email: 'queued' to wait out the undo window, 'cancelled' before it went, 'correction' written because it had gone; null when there was none.",
});
export type PaidEmailChange = z.infer<typeof paidEmailChangeSchema>;

/** POST and DELETE /api/referrals/{id}/payment. */
export const paymentResultSchema = z
  .object({
    referral: referralSchema,
    auditEntry: paymentAuditEntrySchema,
    paidEmail: paidEmailChangeSchema.optional(),
  })
  .meta({
    id: 'PaymentResult',
    description: 'A referral paid, or its payment undone, with the audit entry.',
  });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** A referral as a privacy export states it: facts only (status, reward, dates), nothing about other people. */
export const referralFactsSchema = z
  .object({
    id: z.uuid(),
    status: referralStatusSchema,
    rewardAmount: z.number().nullable().meta({ description: 'Pounds; null when no reward was promised.' }),
    rewardPaid: z.boolean(),
    paidAt: z.iso.datetime().nullable(),
    convertedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'ReferralFacts',
    description: 'A referral as a privacy export states it: status, reward and dates.',
  });

/**
 * GET /api/referrals/{id}/export (issue 16): everything held about the friend behind a referral, for a subject
 * access request. Each referral names its client by card number; the lead itself holds referrerId and, in
 * recommendedBy, the referring client's name.
 */
export const leadExportSchema = z
  .object({
    exportedAt: z.iso.datetime(),
    kind: z.literal('lead'),
    lead: leadSchema,
    referrals: z.array(
      referralFactsSchema.extend({
        referrerCardNumber: z.string().meta({ description: 'The referring client’s card number.' }),
      }),
    ),
  })
  .meta({
    id: 'LeadExport',
    description:
      "Everything held about a referred friend: what the form recorded, and the friend's referrals as facts.",
  });
export type LeadExportDto = z.infer<typeof leadExportSchema>;

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

/**
 * A referral as paying it reads it back: with its payee, whose name, email and account (for the last four
 * digits) go into the audit entry and the "reward paid" email.
 */
export const paidReferralSelect = {
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

export const leadSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  treatmentInterest: true,
  treatmentLabel: true,
  source: true,
  recommendedBy: true,
  referrerId: true,
  isSelfReferral: true,
  enteredCardNumber: true,
  marketingConsent: true,
  marketingConsentAt: true,
  erasedAt: true,
  contactedAt: true,
  contactedBy: true,
  outcome: true,
  outcomeNote: true,
  outcomeAt: true,
  outcomeBy: true,
  createdAt: true,
} satisfies Prisma.LeadSelect;

type LeadRow = Prisma.LeadGetPayload<{ select: typeof leadSelect }>;

/** A lead as the API answers it: the spec's hyphenated treatment and outcome values (the enum's have '_'). */
export function toLeadDto(row: LeadRow): LeadDto {
  return {
    ...row,
    treatmentInterest: row.treatmentInterest ? row.treatmentInterest.replaceAll('_', '-') : null,
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    contactedAt: row.contactedAt?.toISOString() ?? null,
    // The API's hyphenated outcome values (issue 29), like the treatments.
    outcome: row.outcome ? (row.outcome.replaceAll('_', '-') as LeadOutcomeValue) : null,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
