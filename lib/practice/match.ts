/**
 * Issue 34: which open referral a practice record is about, and how sure the app is. A practice record is a
 * new patient, a completed appointment or a payment in the practice's own system (an upload, Dentally, or the
 * integration API); a referral's friend is the lead the public form or staff recorded. Pure: the service reads
 * the candidates (by the normalised email and phone, from indexes) and stores what this decides.
 *
 * The rules (issue 34, point 1), each a reason staff are shown:
 * - the same email, in any case → high;
 * - the same UK mobile or phone (+44, compared in E.164) and the same surname → high;
 * - the same phone with another country's code and the same surname, the same phone alone, or the same full
 *   name alone → low, never confirmed automatically;
 * - the same phone with a different surname → low, and said so.
 * A full name shared by more than COMMON_NAME_LIMIT open referrals' friends proposes none of them by the name
 * alone: so common a name says nothing, and staff would be shown a list of strangers.
 * A self-referral, a referral already at Payment Due, or a friend whose data was erased is never proposed.
 */
import { checkPhone } from '@/lib/validation/phone';

export type MatchConfidence = 'high' | 'low';

export type MatchReason =
  'same_email' | 'same_phone_and_surname' | 'same_phone' | 'same_phone_other_surname' | 'same_full_name';

/** What staff read beside each proposal. */
export const MATCH_REASON_TEXT: Record<MatchReason, string> = {
  same_email: 'The same email address',
  same_phone_and_surname: 'The same phone number and surname',
  same_phone: 'The same phone number only',
  same_phone_other_surname: 'The same phone number, but a different surname',
  same_full_name: 'The same first name and surname',
};

/** What of a practice record matching reads. */
export interface RecordToMatch {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
}

/** An open referral's friend, as the candidates' query gives it. */
export interface ReferralCandidate {
  referralId: string;
  status: 'pending' | 'in_progress' | 'payment_due';
  isSelfReferral: boolean;
  /** The friend's data was erased (names gone): nothing to match. */
  erased: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface Match {
  referralId: string;
  confidence: MatchConfidence;
  reasons: MatchReason[];
}

/** An email as the app stores one: trimmed and lower-cased; null when there is none. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value ? value : null;
}

/** A phone in E.164 as the app stores one (+447123456789), or null when it is not a phone number. */
export function normalisePhoneForMatch(phone: string | null | undefined): string | null {
  if (!phone?.trim()) return null;
  return checkPhone(phone.trim());
}

/**
 * A name part compared without case, accents, spaces, hyphens or apostrophes: "Siân" and "Sian", "O'Brien" and
 * "OBRIEN", "Smith-Jones" and "Smith Jones" are the same; empty when nothing of a letter is left.
 */
export function nameKey(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-GB')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const isOpen = (c: ReferralCandidate) => c.status !== 'payment_due' && !c.isSelfReferral && !c.erased;

/** How a record matches one referral's friend, or null when it does not (or the referral is never proposed). */
export function matchCandidate(record: RecordToMatch, candidate: ReferralCandidate): Match | null {
  if (!isOpen(candidate)) return null;
  const reasons: MatchReason[] = [];

  const email = normaliseEmail(record.email);
  if (email && email === normaliseEmail(candidate.email)) reasons.push('same_email');

  const surname = nameKey(record.lastName);
  const sameSurname = surname !== '' && surname === nameKey(candidate.lastName);
  const phone = normalisePhoneForMatch(record.phone);
  let phoneHigh = false;
  if (phone && phone === normalisePhoneForMatch(candidate.phone)) {
    if (sameSurname) {
      reasons.push('same_phone_and_surname');
      phoneHigh = phone.startsWith('+44');
    } else if (surname !== '' && nameKey(candidate.lastName) !== '') {
      reasons.push('same_phone_other_surname');
    } else {
      reasons.push('same_phone');
    }
  }

  const first = nameKey(record.firstName);
  if (sameSurname && first !== '' && first === nameKey(candidate.firstName)) reasons.push('same_full_name');

  if (reasons.length === 0) return null;
  const high = reasons.includes('same_email') || phoneHigh;
  return { referralId: candidate.referralId, confidence: high ? 'high' : 'low', reasons };
}

/** More friends than this with a record's full name, and the name alone proposes none of them. */
export const COMMON_NAME_LIMIT = 3;

const byNameAlone = (m: Match) => m.reasons.length === 1 && m.reasons[0] === 'same_full_name';

/** Every open referral a record matches, the surest first (then in the candidates' order). */
export function matchRecord(record: RecordToMatch, candidates: readonly ReferralCandidate[]): Match[] {
  let matches = candidates
    .map((candidate) => matchCandidate(record, candidate))
    .filter((match): match is Match => match !== null);
  if (matches.filter(byNameAlone).length > COMMON_NAME_LIMIT)
    matches = matches.filter((m) => !byNameAlone(m));
  return matches
    .map((match, order) => ({ match, order }))
    .sort((a, b) => rank(b.match) - rank(a.match) || a.order - b.order)
    .map(({ match }) => match);
}

function rank(match: Match): number {
  return (match.confidence === 'high' ? 10 : 0) + match.reasons.length;
}
