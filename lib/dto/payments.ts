/**
 * Answers of the Payments & Reporting API (full admins only), as zod schemas (issue 30): the declarations in
 * lib/contract/payments.ts name them, and the types are inferred from them. Amounts are pounds.
 */
import { z } from '@/lib/validation/zod';
import { paymentAuditEntrySchema, referralSchema, type PaymentAuditEntryDto } from './referrals';

export type { PaymentAuditEntryDto };

const isoOrNull = () => z.iso.datetime().nullable();

/** GET /api/payments/outstanding: an unpaid Payment Due referral. */
export const outstandingPaymentSchema = z
  .object({
    referralId: z.uuid(),
    clientId: z.uuid(),
    clientName: z.string(),
    /** The referred friend's name. */
    referralName: z.string().meta({ description: "The referred friend's name." }),
    /** Pounds. */
    rewardAmount: z.number().meta({ description: 'Pounds.' }),
    /** When the story started. */
    convertedAt: z.iso.datetime().meta({ description: 'When the story started (Payment Due).' }),
    /** Whole days since the story started. */
    daysSinceConversion: z.number().int().meta({ description: 'Whole UK days since the story started.' }),
    /** Set while the client's bank details wait for a full admin's approval: it cannot be paid until then. */
    bankDetailsHeldAt: isoOrNull().meta({
      description:
        "Set while the client's bank details wait for a full admin's approval: it cannot be paid until then.",
    }),
    /** Who changed the held bank details. */
    bankDetailsChangedBy: z.string().nullable().meta({ description: 'Who changed the held bank details.' }),
    /** Whether the client has bank details on file: 'Paid Now' warns when not (issue 29, point 1). */
    hasBankDetails: z.boolean().meta({ description: 'Whether the client has bank details on file.' }),
    /** The account holder's name and the account number's last four digits, for the confirmation. */
    accountName: z.string().nullable().meta({ description: "The account holder's name, when on file." }),
    accountEnding: z
      .string()
      .nullable()
      .meta({ description: "The account number's last four digits only, when on file." }),
  })
  .meta({ id: 'OutstandingPayment', description: 'An unpaid Payment Due referral.' });
export type OutstandingPaymentDto = z.infer<typeof outstandingPaymentSchema>;

/** A full admin's change of a reward's amount, as the payment audit recorded it. */
export const rewardChangeSchema = z
  .object({
    /** Pounds. */
    from: z.number().meta({ description: 'Pounds.' }),
    /** Pounds. */
    to: z.number().meta({ description: 'Pounds.' }),
    /** The full admin's email. */
    by: z.string().meta({ description: "The full admin's email." }),
    at: z.iso.datetime(),
  })
  .meta({
    id: 'RewardChange',
    description: "A full admin's change of a reward's amount, as the payment audit recorded it.",
  });
export type RewardChangeDto = z.infer<typeof rewardChangeSchema>;

/** The spec's Payment row (section 3): one conversion. */
export const paymentRowSchema = z
  .object({
    /** The referral's id. */
    id: z.uuid().meta({ description: "The referral's id." }),
    clientId: z.uuid(),
    /** The referral's (lead's) name. */
    name: z.string().meta({ description: "The referred friend's name ('Erased lead' once erased)." }),
    /** Pounds. */
    rewardAmount: z.number().meta({ description: 'Pounds.' }),
    paid: z.boolean(),
    convertedAt: z.iso.datetime(),
    paidAt: isoOrNull(),
    /**
     * Set when a full admin owed another amount than the reward fixed when the friend was referred (issue 28):
     * the latest such change, from its 'reward_changed' audit entry. Pounds.
     */
    rewardChange: rewardChangeSchema.nullable().meta({
      description:
        'Set when a full admin owed another amount than the reward fixed when the friend was referred: the ' +
        'latest such change.',
    }),
  })
  .meta({ id: 'PaymentRow', description: 'One conversion (Story Started) in the monthly report.' });
export type PaymentRowDto = z.infer<typeof paymentRowSchema>;

/** The spec's Payment group (section 3): one client's conversions in the month. */
export const paymentGroupSchema = z
  .object({
    clientId: z.uuid(),
    /** A deleted client's paid rewards stay in the report, under 'Deleted client'. */
    clientName: z.string(),
    cardNumber: z.string(),
    sortCode: z.string().nullable(),
    accountNumber: z.string().nullable(),
    /** The account holder's name (null for details saved before it was asked for). */
    accountName: z.string().nullable().meta({
      description: "The account holder's name (null for details saved before it was asked for).",
    }),
    /** Set while the bank details wait for a full admin's approval (the client cannot be paid until then). */
    bankDetailsHeldAt: isoOrNull().meta({
      description:
        "Set while the bank details wait for a full admin's approval (the client cannot be paid until then).",
    }),
    bankDetailsChangedBy: z.string().nullable(),
    /** Card numbers of other clients with the same sort code and account number. */
    sharedBankDetailsWith: z.array(z.string()).meta({
      description: 'Card numbers of other clients with the same sort code and account number.',
    }),
    payments: z.array(paymentRowSchema),
    /** Pounds. */
    totalOwed: z.number().meta({ description: "Pounds owed to this client for the month's conversions." }),
    /** Pounds. */
    totalPaid: z.number().meta({ description: "Pounds paid to this client for the month's conversions." }),
  })
  .meta({
    id: 'PaymentGroup',
    description: "One client's conversions in the month, with their bank details and totals.",
  });
export type PaymentGroupDto = z.infer<typeof paymentGroupSchema>;

/** GET /api/payments/report?year=&month= */
export const paymentReportSchema = z
  .object({
    year: z.number().int(),
    month: z.number().int().meta({ description: '1 (January) to 12 (December).' }),
    /** A page of the month's clients (limit, default 50), by name; the next page is at nextCursor. */
    groups: z.array(paymentGroupSchema).meta({
      description:
        "A page of the month's clients (limit, default 50), by name; the next page is at nextCursor.",
    }),
    /** The whole month's (£), whichever page this is. */
    totalOwed: z.number().meta({ description: "The whole month's, in pounds, whichever page this is." }),
    totalPaid: z.number().meta({ description: "The whole month's, in pounds, whichever page this is." }),
    /** How many clients and conversions the whole month has. */
    clients: z.number().int().meta({ description: 'How many clients the whole month has.' }),
    conversions: z.number().int().meta({ description: 'How many conversions the whole month has.' }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass back as ?cursor= for the next page of clients; null at the end.' }),
  })
  .meta({
    id: 'PaymentReport',
    description: "A UK month's conversions grouped by client, a page at a time.",
  });
export type PaymentReportDto = z.infer<typeof paymentReportSchema>;

/** POST /api/payments/pay-all */
export const payAllResultSchema = z
  .object({
    /** The referrals paid now (none when nothing was owed). */
    paid: z
      .array(referralSchema)
      .meta({ description: 'The referrals paid now (none when nothing was owed).' }),
    /** One 'payment_marked' entry per referral paid. */
    auditEntries: z
      .array(paymentAuditEntrySchema)
      .meta({ description: "One 'payment_marked' entry per referral paid." }),
    /** Pounds paid now. */
    total: z.number().meta({ description: 'Pounds paid now.' }),
  })
  .meta({ id: 'PayAllResult', description: "What 'Pay All Outstanding' paid." });
export type PayAllResultDto = z.infer<typeof payAllResultSchema>;

/** GET /api/payments/bank-file.csv: what the file holds and what it left out (also sent as X-Bank-File-* headers). */
const bankFileSummarySchema = z.object({
  /** Payees in the file, and the pounds they are paid. */
  payees: z.number().int().meta({ description: 'Payees in the file (one line each).' }),
  total: z.number().meta({ description: 'Pounds the file pays.' }),
  /** Clients owed a reward but left out: bank details held for approval, or no bank details. */
  heldClients: z
    .number()
    .int()
    .meta({
      description: "Clients owed a reward but left out: bank details wait for a full admin's approval.",
    }),
  withoutBankDetails: z
    .number()
    .int()
    .meta({ description: 'Clients owed a reward but left out: no bank details on file.' }),
});
export type BankFileSummary = z.infer<typeof bankFileSummarySchema>;

export const bankFileLeftOutSchema = z
  .object({
    clientId: z.uuid(),
    clientName: z.string(),
    /** 'held': bank details wait for a full admin's approval; 'no-bank-details': none on file. */
    reason: z.enum(['held', 'no-bank-details']).meta({
      description: "'held': bank details wait for a full admin's approval; 'no-bank-details': none on file.",
    }),
    /** Pounds owed now. */
    owed: z.number().meta({ description: 'Pounds owed now.' }),
  })
  .meta({
    id: 'BankFileLeftOut',
    description: 'A client owed a reward whom the bank file leaves out, and why.',
  });
export type BankFileLeftOutDto = z.infer<typeof bankFileLeftOutSchema>;

/**
 * GET /api/payments/bank-file (issue 29, point 9): what Download Bank File would hold now, said before it is
 * downloaded: the payees and total, and each client owed a reward who is left out, and why. No bank numbers.
 */
export const bankFilePreviewSchema = bankFileSummarySchema
  .extend({ leftOut: z.array(bankFileLeftOutSchema) })
  .meta({
    id: 'BankFilePreview',
    description:
      'What the bank file would hold now: payees and total, and each client owed a reward who is left out, ' +
      'and why. No bank numbers.',
  });
export type BankFilePreviewDto = z.infer<typeof bankFilePreviewSchema>;

/** GET /api/payments/audit */
export const auditPageSchema = z
  .object({
    entries: z.array(paymentAuditEntrySchema),
    /** Pass back as ?cursor= for the next (older) page; null at the end. */
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass back as ?cursor= for the next (older) page; null at the end.' }),
  })
  .meta({ id: 'PaymentAuditPage', description: 'A page of the payment audit log, newest first.' });
export type AuditPageDto = z.infer<typeof auditPageSchema>;
