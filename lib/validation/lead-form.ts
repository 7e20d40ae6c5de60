/**
 * The recommendation form's fields (spec section 5), checked in the browser as the visitor types and again by
 * the form's server action, with the same schema. Written with `zod/mini` (issue 19): the public form is opened
 * on strangers' phones, and the full zod build would be most of its JavaScript.
 */
import * as z from 'zod/mini';
import { VALID_EMAIL_TEXT } from './messages';
import {
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  NAME_MAX,
  PHONE_REQUIRED_TEXT,
  TREATMENT_REQUIRED_TEXT,
  TREATMENT_VALUES,
  VALID_PHONE_TEXT,
  type TreatmentInterestValue,
} from './lead-texts';
import { checkPhone, COUNTRY_CODES, composePhone, DEFAULT_COUNTRY, type CountryCode } from './phone';

// As in ./zod: no `new Function` in the browser, whose Content-Security-Policy has no 'unsafe-eval'.
if (typeof window !== 'undefined') z.config({ jitless: true });

const COUNTRY_ISOS = COUNTRY_CODES.map((c) => c.iso) as [CountryCode['iso'], ...CountryCode['iso'][]];
const NAME_TOO_LONG_TEXT = `Names must be at most ${NAME_MAX} characters`;

const name = (requiredText: string) =>
  z.string().check(z.trim(), z.minLength(1, requiredText), z.maxLength(NAME_MAX, NAME_TOO_LONG_TEXT));

export const leadFormSchema = z.object({
  firstName: name(FIRST_NAME_REQUIRED_TEXT),
  lastName: name(LAST_NAME_REQUIRED_TEXT),
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(254, VALID_EMAIL_TEXT)),
    z.email({ error: VALID_EMAIL_TEXT }),
  ),
  country: z.enum(COUNTRY_ISOS, { error: VALID_PHONE_TEXT }),
  phone: z.string().check(z.trim(), z.minLength(1, PHONE_REQUIRED_TEXT)),
  treatmentInterest: z.enum(TREATMENT_VALUES, { error: TREATMENT_REQUIRED_TEXT }),
  marketingConsent: z.boolean(),
});

/** What the form holds: every field as text, the treatment possibly not chosen yet, the box ticked or not. */
export interface LeadFormValues {
  firstName: string;
  lastName: string;
  email: string;
  country: CountryCode['iso'];
  phone: string;
  treatmentInterest: TreatmentInterestValue | '';
  marketingConsent: boolean;
}
export type LeadFormOutput = z.output<typeof leadFormSchema>;
export type LeadFieldName = Exclude<keyof LeadFormValues, 'marketingConsent'>;
export type LeadFieldErrors = Partial<Record<LeadFieldName, string>>;

/** The fields in the order they appear, which is also the order the first invalid one is found in. */
export const LEAD_FIELD_ORDER: readonly LeadFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'country',
  'phone',
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
  const country = COUNTRY_ISOS.find((iso) => iso === text('country')) ?? DEFAULT_COUNTRY;
  const treatment = TREATMENT_VALUES.find((value) => value === text('treatmentInterest')) ?? '';
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    country,
    phone: text('phone'),
    treatmentInterest: treatment,
    marketingConsent: data.get('marketingConsent') !== null,
  };
}

export type LeadFormCheck =
  { ok: true; data: LeadFormOutput; errors: LeadFieldErrors } | { ok: false; errors: LeadFieldErrors };

/**
 * Every field's first mistake, in one pass: the schema, and the whole phone number (country code and national
 * number) held to the spec's pattern even while other fields are still wrong.
 */
export function checkLeadForm(values: LeadFormValues): LeadFormCheck {
  const result = leadFormSchema.safeParse(values);
  const errors: LeadFieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as LeadFieldName | undefined;
      if (field && LEAD_FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  const phone = values.phone.trim();
  if (!errors.phone && phone !== '' && checkPhone(composePhone(phone, values.country)) === null) {
    errors.phone = VALID_PHONE_TEXT;
  }
  if (result.success && Object.keys(errors).length === 0) return { ok: true, data: result.data, errors };
  return { ok: false, errors };
}

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(errors: LeadFieldErrors): LeadFieldName | undefined {
  return LEAD_FIELD_ORDER.find((name) => Boolean(errors[name]));
}
