import { z } from './zod';
import { titleCaseName } from '@/lib/names';
import { VALID_EMAIL_TEXT } from './messages';
import { INVISIBLE_NAME_TEXT, INVISIBLE_TEXT_TEXT, isVisibleText } from './names';
import { checkPhone } from './phone';

/** Texts of the product specification, section 5. */
export const FILL_ALL_FIELDS_TEXT = 'Please fill in all fields';
export const NAMES_REQUIRED_TEXT = 'First name and last name are required';
export const SORT_CODE_TEXT = 'Sort Code must be in format XX-XX-XX (6 digits with hyphens)';
export const ACCOUNT_NUMBER_TEXT = 'Account Number must be exactly 8 digits';
export const ACCOUNT_NAME_MAX = 60;
export const ACCOUNT_NAME_TEXT = "Enter the account holder's name as the bank has it";
export const ACCOUNT_NAME_LENGTH_TEXT = `Account holder's name must be at most ${ACCOUNT_NAME_MAX} characters`;
export const BANK_DETAILS_TOGETHER_TEXT = 'Enter both the sort code and the account number';

const NAME_MAX = 100;

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
    .refine(isVisibleText, INVISIBLE_NAME_TEXT)
    .transform(titleCaseName);

const affiliateCompany = z
  .string({ error: 'Affiliate company must be text' })
  .trim()
  .max(200, 'Affiliate company must be at most 200 characters')
  .refine(isVisibleText, INVISIBLE_TEXT_TEXT)
  .nullish()
  // Blank means "none"; absent means "leave as it is".
  .transform((v) => (v === undefined ? undefined : v || null));

/** A changed email that another client already has (issue 29, point 3): the edit is refused with 409. */
export const EMAIL_IN_USE_TEXT =
  'Another client already has this email address. Each client needs their own.';
export const CLIENT_PHONE_TEXT = 'Please enter a valid phone number, for example 07700 900123';

const clientEmail = (requiredText: string) =>
  z
    .string({ error: requiredText })
    .trim()
    .min(1, requiredText)
    .max(254, VALID_EMAIL_TEXT)
    .toLowerCase()
    .pipe(z.email({ error: VALID_EMAIL_TEXT }));

/**
 * A client's phone (issue 29, point 3), optional: read as the lead form reads a number (lib/validation/phone.ts),
 * so 07700 900123, +44 7700 900123 and 447700900123 are all stored as +447700900123. Blank means "none".
 */
const clientPhone = z
  .string({ error: CLIENT_PHONE_TEXT })
  .max(40, CLIENT_PHONE_TEXT)
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || !value.trim()) return null;
    const phone = checkPhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: CLIENT_PHONE_TEXT });
    return z.NEVER;
  });

/** Add Client (spec section 5): all three fields, a valid email; names title-cased, email lower-cased. */
export const createClientSchema = z.object({
  firstName: requiredName(FILL_ALL_FIELDS_TEXT),
  lastName: requiredName(FILL_ALL_FIELDS_TEXT),
  email: clientEmail(FILL_ALL_FIELDS_TEXT),
  affiliateCompany: affiliateCompany.optional(),
  /** Optional (issue 29): a UK number is normalised like the lead form's. */
  phone: clientPhone.optional(),
  /** Email the client their card as soon as they are registered (issue 17). */
  sendCard: z.boolean({ error: 'sendCard must be true or false' }).optional(),
});
export type CreateClientInput = z.input<typeof createClientSchema>;

export const sortCodeSchema = z
  .string({ error: SORT_CODE_TEXT })
  .regex(/^\d{2}-\d{2}-\d{2}$/, SORT_CODE_TEXT);
export const accountNumberSchema = z
  .string({ error: ACCOUNT_NUMBER_TEXT })
  .regex(/^\d{8}$/, ACCOUNT_NUMBER_TEXT);
/**
 * The account holder's name, which UK banks check against the account before paying a new payee (Confirmation
 * of Payee). Required whenever details are given; rows saved before it existed simply have none.
 */
export const accountNameSchema = z
  .string({ error: ACCOUNT_NAME_TEXT })
  .trim()
  .min(1, ACCOUNT_NAME_TEXT)
  .max(ACCOUNT_NAME_MAX, ACCOUNT_NAME_LENGTH_TEXT)
  .refine(isVisibleText, INVISIBLE_NAME_TEXT);

/**
 * PATCH /api/admin/clients/{id}: any of these (names together; email; phone); bank details together (sort code, account number and the
 * account holder's name), or sort code and account number null to remove them.
 */
export const updateClientSchema = z
  .object({
    firstName: requiredName(NAMES_REQUIRED_TEXT).optional(),
    lastName: requiredName(NAMES_REQUIRED_TEXT).optional(),
    /** A corrected email (issue 29): audited; the card's links do not change, since its key finds the card. */
    email: clientEmail(VALID_EMAIL_TEXT).optional(),
    /** null or blank removes it. */
    phone: clientPhone,
    affiliateCompany,
    sortCode: sortCodeSchema.nullable().optional(),
    accountNumber: accountNumberSchema.nullable().optional(),
    accountName: accountNameSchema.nullable().optional(),
    bacsRequested: z.boolean({ error: 'bacsRequested must be true or false' }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.firstName === undefined) !== (v.lastName === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.firstName === undefined ? 'firstName' : 'lastName'],
        message: NAMES_REQUIRED_TEXT,
      });
    }
    if (
      (v.sortCode === undefined) !== (v.accountNumber === undefined) ||
      (v.sortCode === null) !== (v.accountNumber === null)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: BANK_DETAILS_TOGETHER_TEXT,
      });
    } else if (typeof v.sortCode === 'string' && typeof v.accountName !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['accountName'], message: ACCOUNT_NAME_TEXT });
    } else if (v.sortCode === undefined && v.accountName !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['sortCode'], message: BANK_DETAILS_TOGETHER_TEXT });
    }
    if (Object.values(v).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to update' });
    }
  });
export type UpdateClientInput = z.input<typeof updateClientSchema>;

/**
 * The Edit Client dialog's fields (issue 29, point 3), checked as PATCH /api/admin/clients/{id} checks them:
 * both names (one message for the two), the email and the phone (blank for none).
 */
export const editClientFormSchema = z.object({
  firstName: requiredName(NAMES_REQUIRED_TEXT),
  lastName: requiredName(NAMES_REQUIRED_TEXT),
  email: clientEmail(VALID_EMAIL_TEXT),
  phone: clientPhone,
});

/** The Edit Affiliate Company dialog's one field, as PATCH checks it: blank for none. */
export const affiliateFormSchema = z.object({ affiliateCompany });

/** POST /api/admin/create-branded-link (spec section 7 sends the names; clientId picks one of namesakes). */
export const brandedLinkSchema = z.object({
  firstName: requiredName(NAMES_REQUIRED_TEXT),
  lastName: requiredName(NAMES_REQUIRED_TEXT),
  clientId: z.uuid({ error: 'clientId must be a client id' }).optional(),
});

export const qrQuerySchema = z.object({
  size: z.enum(['200', '300'], { error: 'size must be 200 or 300' }).default('200').transform(Number),
});

/** POST /api/bank-details/{token} (issue 17): what the client types, with the spec's messages. */
export const bankDetailsLinkSchema = z
  .object({
    accountName: accountNameSchema,
    sortCode: sortCodeSchema,
    accountNumber: accountNumberSchema,
  })
  .strict();
export type BankDetailsLinkInput = z.infer<typeof bankDetailsLinkSchema>;
