/**
 * The recommendation form's fields (spec section 5), checked in the browser as the visitor types and again by
 * the form's server action, with this one set of rules. No schema library (issue 19): even `zod/mini` brought
 * zod's whole core (24 KB gzip) to a stranger's phone. The action then holds the lead to POST /api/leads's own
 * zod schema, and the tests hold these rules to that schema's (lead-form.test.ts).
 */
import { VALID_EMAIL_TEXT } from './messages';
import { INVISIBLE_NAME_TEXT, isVisibleText } from './names';
import {
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  NAME_MAX,
  PHONE_REQUIRED_TEXT,
  TREATMENT_REQUIRED_TEXT,
  VALID_PHONE_TEXT,
} from './lead-texts';
import { DEFAULT_OFFER, matchTreatment } from '@/lib/offer';
import { checkPhone, COUNTRY_CODES, composePhone, DEFAULT_COUNTRY, type CountryCode } from './phone';
import { recommendedByError } from './typed-referrer';

const COUNTRY_ISOS = COUNTRY_CODES.map((c) => c.iso);
const NAME_TOO_LONG_TEXT = `Names must be at most ${NAME_MAX} characters`;

/** zod's own email pattern (`z.email()`, zod/v4/core/regexes.ts), which the server's schema applies. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** What the form holds: every field as text, the treatment possibly not chosen yet, the box ticked or not. */
export interface LeadFormValues {
  firstName: string;
  lastName: string;
  email: string;
  country: CountryCode['iso'];
  phone: string;
  /** The treatment as chosen (one of the clinic's labels, issue 29), or '' while none is. */
  treatmentInterest: string;
  marketingConsent: boolean;
  /** 'Who recommended you?' (issue 29): a card number or a name, shown only without a working link. */
  recommendedBy?: string;
}
/** A form that passed: text trimmed, one of the clinic's treatments chosen (as the clinic writes it). */
export type LeadFormOutput = LeadFormValues;
export type LeadFieldName = Exclude<keyof LeadFormValues, 'marketingConsent'>;
export type LeadFieldErrors = Partial<Record<LeadFieldName, string>>;

/** The fields in the order they appear, which is also the order the first invalid one is found in. */
export const LEAD_FIELD_ORDER: readonly LeadFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'country',
  'phone',
  'recommendedBy',
  'treatmentInterest',
];

export const EMPTY_LEAD_FORM: LeadFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  treatmentInterest: '',
  // Optional and unticked (issue 16).
  marketingConsent: false,
};

/** The form's values from its fields (a FormData from the browser or from a plain post without JavaScript). */
export function readLeadForm(data: FormData): LeadFormValues {
  const text = (key: string) => {
    const value = data.get(key);
    return typeof value === 'string' ? value.slice(0, 1000) : '';
  };
  const country = COUNTRY_CODES.find((c) => c.iso === text('country'))?.iso ?? DEFAULT_COUNTRY;
  // Kept as chosen (the clinic's list is checked by checkLeadForm), so a refused form shows it again.
  const treatment = text('treatmentInterest').slice(0, TREATMENT_TEXT_MAX);
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    country,
    phone: text('phone'),
    treatmentInterest: treatment,
    marketingConsent: data.get('marketingConsent') !== null,
    // Only a form without a working link has the field (issue 29).
    ...(data.has('recommendedBy') ? { recommendedBy: text('recommendedBy') } : {}),
  };
}

export type LeadFormCheck =
  { ok: true; data: LeadFormOutput; errors: LeadFieldErrors } | { ok: false; errors: LeadFieldErrors };

/** Longer than any treatment the clinic can list (lib/validation/settings.ts allows 60 characters). */
const TREATMENT_TEXT_MAX = 100;

/**
 * Every field's first mistake, in one pass: the schema, and the whole phone number (country code and national
 * number) held to the spec's pattern even while other fields are still wrong. The treatment must be one the
 * clinic lists (`treatments`: Settings → Offer; the spec's four until the clinic changes them).
 */
export function checkLeadForm(
  values: LeadFormValues,
  treatments: readonly string[] = DEFAULT_OFFER.treatmentOptions,
): LeadFormCheck {
  const errors: LeadFieldErrors = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const nameError = (name: string, requiredText: string) =>
    name === ''
      ? requiredText
      : name.length > NAME_MAX
        ? NAME_TOO_LONG_TEXT
        : isVisibleText(name)
          ? undefined
          : INVISIBLE_NAME_TEXT;

  const firstNameError = nameError(firstName, FIRST_NAME_REQUIRED_TEXT);
  if (firstNameError) errors.firstName = firstNameError;
  const lastNameError = nameError(lastName, LAST_NAME_REQUIRED_TEXT);
  if (lastNameError) errors.lastName = lastNameError;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) errors.email = VALID_EMAIL_TEXT;
  const countryOffered = COUNTRY_ISOS.includes(values.country);
  if (!countryOffered) errors.country = VALID_PHONE_TEXT;
  // The whole number (country code and national number) is held to the spec's pattern even while other fields
  // are still wrong, so every message shows in one pass.
  if (phone === '') errors.phone = PHONE_REQUIRED_TEXT;
  else if (countryOffered && checkPhone(composePhone(phone, values.country)) === null) {
    errors.phone = VALID_PHONE_TEXT;
  }
  const treatment = matchTreatment(values.treatmentInterest, treatments);
  const recommendedByMessage = recommendedByError(values.recommendedBy);
  if (recommendedByMessage) errors.recommendedBy = recommendedByMessage;
  if (!treatment) errors.treatmentInterest = TREATMENT_REQUIRED_TEXT;

  if (!treatment || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    errors,
    data: {
      firstName,
      lastName,
      email,
      country: values.country,
      phone,
      treatmentInterest: treatment,
      marketingConsent: values.marketingConsent === true,
      ...(values.recommendedBy === undefined ? {} : { recommendedBy: values.recommendedBy.trim() }),
    },
  };
}

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(errors: LeadFieldErrors): LeadFieldName | undefined {
  return LEAD_FIELD_ORDER.find((name) => Boolean(errors[name]));
}
