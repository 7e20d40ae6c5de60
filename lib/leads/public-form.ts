import { QR_REFERRAL_SOURCE } from '@/lib/validation/lead-texts';
import { LEAD_FIELD_ORDER, type LeadFieldErrors, type LeadFormOutput } from '@/lib/validation/lead-form';
import { composePhone } from '@/lib/validation/phone';
import { readTypedReferrer } from '@/lib/validation/typed-referrer';

/**
 * Pure parts of the public lead form's server action (app/(public)/recommendation-details/actions.ts): the lead
 * it records, and the schema's messages for the form's fields.
 */

export interface LeadPayload {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  treatmentInterest: string;
  source: typeof QR_REFERRAL_SOURCE;
  referrerId?: string;
  /** The name typed in 'Who recommended you?', for staff to match (issue 29). */
  recommendedBy?: string;
  marketingConsent: boolean;
}

/**
 * The lead the form's server action records (spec sections 3 and 5): names as typed, email trimmed and
 * lower-cased, the whole phone number with its country code, the referrer's card number when there is one.
 * createLeadSchema then normalises it exactly as for POST /api/leads: the names are title-cased there, once
 * (lib/validation/leads.ts). With a link's card number
 * the referrer's name is the server's own: nothing the browser says about it is taken. Without one, what the
 * friend typed in 'Who recommended you?' (issue 29) is read as a card number (which attaches the referrer as
 * the link does, or is kept for staff) or as a name (kept for staff to match).
 */
export function buildLeadPayload(
  values: LeadFormOutput,
  { referrerId }: { referrerId?: string },
): LeadPayload {
  const payload: LeadPayload = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim().toLowerCase(),
    phone: composePhone(values.phone, values.country),
    treatmentInterest: values.treatmentInterest,
    source: QR_REFERRAL_SOURCE,
    marketingConsent: values.marketingConsent,
  };
  const typed = referrerId ? {} : readTypedReferrer(values.recommendedBy);
  if (referrerId ?? typed.referrerId) payload.referrerId = referrerId ?? typed.referrerId;
  if (typed.recommendedBy) payload.recommendedBy = typed.recommendedBy;
  return payload;
}

/** The schema's messages for the form's own fields (the first for each), from zod's flattened field errors. */
export function formFieldErrors(fieldErrors: Partial<Record<string, string[]>>): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  for (const name of LEAD_FIELD_ORDER) {
    const message = fieldErrors[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}
