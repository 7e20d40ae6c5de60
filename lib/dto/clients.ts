/**
 * The answers of the clients endpoints (issue 30): each a zod schema (the contract, checked against every real
 * answer in the integration suite) with its TypeScript type inferred from it, shared by the route handlers
 * (which build them) and the pages (which read them). Safe to import from the browser: schemas only.
 */
import { z } from '@/lib/validation/zod';
import { messageSchema } from './messages';
import { paymentAuditActionSchema, referralFactsSchema, referralSchema } from './referrals';

/** GET /api/app-url's answer is declared with the settings (lib/dto/settings.ts); the clients' pages read it. */
export type { AppUrlDto } from './settings';

/**
 * The newest card email (issue 29, point 3): when it was asked for, when it went (null while it waits or when
 * it failed) and its state.
 */
export const cardEmailSchema = z
  .object({
    requestedAt: z.iso.datetime().meta({ description: 'When the card email was asked for.' }),
    sentAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'When it went; null while it waits, or when it failed or was cancelled.' }),
    status: messageSchema.shape.status,
  })
  .meta({
    id: 'CardEmail',
    description: "A client's newest card email: when it was asked for, and its state.",
  });
export type CardEmailDto = z.infer<typeof cardEmailSchema>;

/** One entry of a client's contact-change audit (client_changes). */
export const clientChangeSchema = z
  .object({
    field: z.enum(['email', 'phone']),
    from: z.string().nullable().meta({ description: 'The value before; null when there was none.' }),
    to: z.string().nullable().meta({ description: 'The value after; null when it was removed.' }),
    /** The email of the staff member who changed it. */
    by: z.string().meta({ description: 'The email of the staff member who changed it.' }),
    at: z.iso.datetime(),
  })
  .meta({ id: 'ClientChange', description: "A change of a client's email or phone, as the audit keeps it." });
export type ClientChangeDto = z.infer<typeof clientChangeSchema>;

/** The spec's Client (section 3) as the dashboard receives it. Bank details only for full admins. */
export const clientSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** SC-XXXX-XXXX-XXXX: what the client gives the friends they recommend. */
    cardNumber: z.string().meta({ description: 'SC-XXXX-XXXX-XXXX: the number friends give on the form.' }),
    /** The older card link's key: /card/{inviteToken} still opens the card. */
    inviteToken: z
      .string()
      .meta({ description: 'The older card link’s key: /card/{inviteToken} opens the card.' }),
    /**
     * The card's one link (issue 29, point 7): {origin}/card/{first-last}-{cardKey}, the same as `brandedUrl`,
     * so that every screen offers one address (lib/card-address.ts, cardUrlOf). /card/{inviteToken} and links
     * with an earlier spelling of the name still open the card.
     */
    webUrl: z.string().meta({
      description:
        "The card's link, the same as brandedUrl. /card/{inviteToken} and links with an earlier spelling of " +
        'the name still open the card.',
    }),
    /** {origin}/card/{first-last}-{cardKey}: the readable, ASCII link to the card. */
    brandedUrl: z
      .string()
      .meta({ description: '{origin}/card/{first-last}-{cardKey}: the readable, ASCII link to the card.' }),
    /** UK numbers in international form (+447700900123); null when none was given. */
    phone: z.string().nullable().meta({
      description: 'UK numbers in international form (+447700900123); null when none was given.',
      example: '+447700900123',
    }),
    /**
     * The newest card email (issue 29, point 3): when it was asked for, when it went (null while it waits or
     * when it failed) and its state. Null when no card was ever emailed.
     */
    cardEmail: cardEmailSchema.nullable(),
    /**
     * Only in GET /api/clients/{id} and the answers of PATCH /api/admin/clients/{id} and the bank-details
     * approval: the latest changes of email and phone (at most 20), newest first.
     */
    contactChanges: z
      .array(clientChangeSchema)
      .optional()
      .meta({
        description:
          'Only in GET /api/clients/{id} and the answers of PATCH /api/admin/clients/{id} and the bank-details ' +
          'approval: the latest 20 changes of email and phone, newest first.',
      }),
    affiliateCompany: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** Every referral naming this client (kept by the database, whatever has been loaded). */
    referralCount: z
      .number()
      .int()
      .meta({ description: 'Every referral naming this client, however many `referrals` holds.' }),
    /**
     * Newest first, at most 100 (the rest through GET /api/referrals?clientId=). Absent when the client was asked
     * for without them (`referrals=false`), as the dashboard does: it loads a client's referrals on expanding;
     * absent too from the leaderboard and the bank-details approval's answer.
     */
    referrals: z
      .array(referralSchema)
      .optional()
      .meta({
        description:
          'Newest first, at most 100 (the rest through GET /api/referrals?clientId=). Absent when asked for ' +
          'with `referrals=false`, and from the leaderboard and the bank-details approval’s answer.',
      }),
    hasBankDetails: z.boolean(),
    /**
     * What the clinic owes the client now, in pounds (Story Started, unpaid): in GET /api/clients (each client
     * of the page) and GET /api/clients/{id} (the delete dialog says that this much will be cancelled), and in
     * the answers that are the latter (PATCH, the bank-details approval).
     */
    owedAmount: z
      .number()
      .optional()
      .meta({
        description:
          'Pounds the clinic owes the client now (Story Started, unpaid): in the list, in GET ' +
          '/api/clients/{id} and in the answers of PATCH and the bank-details approval.',
      }),
    /** Whether the client was asked for their bank details (an emailed one-time link), and when. */
    bacsRequested: z.boolean().meta({ description: 'The client was emailed a link to give bank details.' }),
    bacsRequestedAt: z.iso.datetime().nullable(),
    /**
     * Set while a change of bank details by someone other than a full admin waits for a full admin's approval:
     * the client's rewards cannot be paid until then. Who made the change (email) beside it.
     */
    bankDetailsHeldAt: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          "Set while a change of bank details by someone other than a full admin waits for a full admin's " +
          'approval: the client’s rewards cannot be paid until then.',
      }),
    bankDetailsChangedBy: z
      .string()
      .nullable()
      .meta({ description: 'The email of whoever made the held change.' }),
    /**
     * Full admins only, while details are held: the held change's id, which an approval names (POST
     * /api/admin/clients/{id}/bank-details/approve { changeId }), so it approves only the details shown.
     */
    bankDetailsChangeId: z
      .uuid()
      .nullable()
      .optional()
      .meta({
        description:
          'Full admins only; while details are held, the held change’s id, which an approval names (POST ' +
          '/api/admin/clients/{id}/bank-details/approve), so it approves only the details shown.',
      }),
    /** Full admins only: the stored details. */
    sortCode: z.string().nullable().optional().meta({ description: 'Full admins only: 00-00-00.' }),
    accountNumber: z.string().nullable().optional().meta({ description: 'Full admins only: 8 digits.' }),
    /** The account holder's name (null for details saved before it was asked for). */
    accountName: z.string().nullable().optional().meta({
      description:
        "Full admins only: the account holder's name (null for details saved before it was asked for).",
    }),
    /** Full admins only: card numbers of other clients with the same sort code and account number. */
    sharedBankDetailsWith: z.array(z.string()).optional().meta({
      description:
        'Full admins only: the card numbers of other clients with the same sort code and account number.',
    }),
  })
  .meta({
    id: 'Client',
    description:
      'A client of the referral programme: their card, contact details, referrals and bank-details state. ' +
      'The stored bank details only for full admins.',
  });
export type ClientDto = z.infer<typeof clientSchema>;

/**
 * The held change of bank details as an approval shows it, masked as the audit keeps it: GET
 * …/bank-details/pending, and the newer held change that a refused approval answers with (409
 * bank_details_changed_again).
 */
export const pendingBankChangeSchema = z
  .object({
    changeId: z
      .uuid()
      .nullable()
      .meta({ description: 'What POST /api/admin/clients/{id}/bank-details/approve names.' }),
    sortCode: z.string().nullable().meta({ description: 'Masked but its last four digits: **-34-56.' }),
    accountNumber: z.string().nullable().meta({ description: 'Masked but its last four digits: ****5678.' }),
    accountName: z.string().nullable(),
    /** The email of whoever made the change. */
    changedBy: z.string().meta({ description: 'The email of whoever made the change.' }),
    heldAt: z.iso.datetime(),
  })
  .meta({
    id: 'PendingBankChange',
    description: 'A held change of bank details, the numbers masked but their last four digits.',
  });
export type PendingBankChange = z.infer<typeof pendingBankChangeSchema>;

/** GET /api/admin/clients/{id}/bank-details/pending. */
export const pendingBankChangeAnswerSchema = z
  .object({ pending: pendingBankChangeSchema.nullable().meta({ description: 'Null when nothing is held.' }) })
  .meta({ id: 'PendingBankChangeAnswer', description: "The client's held change of bank details, if any." });
export type PendingBankChangeAnswer = z.infer<typeof pendingBankChangeAnswerSchema>;

/** POST /api/admin/create-branded-link. */
export const brandedLinkResultSchema = z
  .object({
    brandedUrl: z
      .string()
      .meta({ description: '{origin}/card/{first-last}-{cardKey}: the readable, ASCII link to the card.' }),
  })
  .meta({ id: 'BrandedLink', description: "A client's card link." });
export type BrandedLinkDto = z.infer<typeof brandedLinkResultSchema>;

/**
 * GET /api/clients/{id}/export (issue 16): everything held about a client, for a subject access request: their
 * details (bank details decrypted, as held), their referrals as facts (nothing about the friends, who are other
 * people) and the payment audit about them.
 */
export const clientExportSchema = z
  .object({
    exportedAt: z.iso.datetime(),
    kind: z.literal('client'),
    client: z.object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      cardNumber: z.string(),
      affiliateCompany: z.string().nullable(),
      bacsRequested: z.boolean(),
      bacsRequestedAt: z.iso.datetime().nullable(),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
      bankDetails: z
        .object({ sortCode: z.string(), accountNumber: z.string(), accountName: z.string().nullable() })
        .nullable()
        .meta({ description: 'In full, as held; null when none are held.' }),
    }),
    referralsMade: z.array(referralFactsSchema).meta({ description: 'Oldest first.' }),
    paymentAudit: z
      .array(
        z.object({
          action: paymentAuditActionSchema,
          amount: z.number().meta({ description: 'Pounds.' }),
          performedBy: z.string().meta({ description: 'The email of the staff member who did it.' }),
          details: z.string().nullable(),
          timestamp: z.iso.datetime(),
        }),
      )
      .meta({ description: 'Every payment-audit entry about the client, oldest first.' }),
  })
  .meta({
    id: 'ClientExport',
    description:
      'Everything held about a client: their details, their referrals as facts, and the payment audit about them.',
  });
export type ClientExportDto = z.infer<typeof clientExportSchema>;
