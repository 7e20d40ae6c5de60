/**
 * Leads' shared pieces: the refusal texts, the treatment values, the lead row's select and DTO, and the
 * lead search.
 */
import 'server-only';
import type { LeadDto } from '@/lib/dto/referrals';
import { Prisma, type TreatmentInterest } from '@/lib/generated/prisma/client';
import type { LeadOutcomeValue } from '@/lib/validation/leads';
import { escapeLike, phoneDigits, wordsMatch } from '../search';
import { legacyTreatmentValue } from '@/lib/offer';

export const CLIENT_NOT_FOUND_TEXT = 'That client does not exist.';
export const LEAD_RATE_LIMIT_TEXT = 'Too many submissions from this address. Please try again later.';

/** The API's hyphenated treatment values (spec section 3) and the schema's enum names. */
const toTreatment = (value: string): TreatmentInterest => value.replaceAll('-', '_') as TreatmentInterest;
const fromTreatment = (value: TreatmentInterest): string => value.replaceAll('_', '-');
/** The enum value of a label that is one of the spec's four treatments; null for the clinic's own. */
export const legacyTreatment = (label: string | null | undefined): TreatmentInterest | null => {
  const value = label ? legacyTreatmentValue(label) : null;
  return value ? toTreatment(value) : null;
};

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

export function toLeadDto(row: LeadRow): LeadDto {
  return {
    ...row,
    treatmentInterest: row.treatmentInterest ? fromTreatment(row.treatmentInterest) : null,
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    contactedAt: row.contactedAt?.toISOString() ?? null,
    // The API's hyphenated outcome values (issue 29), like the treatments.
    outcome: row.outcome ? (row.outcome.replaceAll('_', '-') as LeadOutcomeValue) : null,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a search of leads looks at: name (each word), email, or, for a search that looks like a phone number,
 * the stored number ('07123 456789' finds +447123456789). `alias` is the leads table's name in the query.
 */
export function leadSearch(q: string, alias: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}."${name}"`);
  const digits = phoneDigits(q);
  if (digits) return Prisma.sql`${column('phone')} LIKE ${`%${escapeLike(digits)}%`}`;
  return wordsMatch(q, [column('firstName'), column('lastName'), column('email')]);
}
