/**
 * Leads' shared pieces: the refusal texts, the treatment values and the lead search. The lead row's select and
 * DTO are lib/dto/referrals.ts's (leadSelect, toLeadDto).
 */
import 'server-only';
import { Prisma, type TreatmentInterest } from '@/lib/generated/prisma/client';
import { escapeLike, phoneDigits, wordsMatch } from '../search';
import { legacyTreatmentValue } from '@/lib/offer';

export const CLIENT_NOT_FOUND_TEXT = 'That client does not exist.';
export const LEAD_RATE_LIMIT_TEXT = 'Too many submissions from this address. Please try again later.';

/** The API's hyphenated treatment values (spec section 3) as the schema's enum names (back: toLeadDto). */
const toTreatment = (value: string): TreatmentInterest => value.replaceAll('-', '_') as TreatmentInterest;
/** The enum value of a label that is one of the spec's four treatments; null for the clinic's own. */
export const legacyTreatment = (label: string | null | undefined): TreatmentInterest | null => {
  const value = label ? legacyTreatmentValue(label) : null;
  return value ? toTreatment(value) : null;
};

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
