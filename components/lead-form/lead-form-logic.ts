import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/client/api';
import { titleCaseName } from '@/lib/services/names';
import {
  leadFormSchema,
  QR_REFERRAL_SOURCE,
  VALID_PHONE_TEXT,
  type LeadFormValues,
} from '@/lib/validation/leads';
import { composePhone, DEFAULT_COUNTRY, PHONE_PATTERN } from '@/lib/validation/phone';

/** Pure parts of the public lead form (/recommendation-details): validation, the payload, error texts. */

export type LeadFormOutput = z.output<typeof leadFormSchema>;
export type LeadFieldName = keyof LeadFormValues;

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
  // The select's placeholder: nothing chosen yet (the schema answers 'Please select how we can help you').
  treatmentInterest: '' as LeadFormValues['treatmentInterest'],
  // Optional and unticked (issue 16).
  marketingConsent: false,
};

const schemaResolver = zodResolver(leadFormSchema);

/**
 * leadFormSchema, plus its phone rule checked on its own: the schema's check of the whole number only runs
 * when every other field parsed (zod skips refinements once a choice such as the treatment is missing), and
 * a visitor should hear about a short number in the same pass as the other mistakes.
 */
export const leadFormResolver: Resolver<LeadFormValues, unknown, LeadFormOutput> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  const phone = values.phone.trim();
  const phoneInvalid = phone !== '' && !PHONE_PATTERN.test(composePhone(phone, values.country));
  if (!phoneInvalid || result.errors.phone) return result;
  const errors: FieldErrors<LeadFormValues> = {
    ...result.errors,
    phone: { type: 'custom', message: VALID_PHONE_TEXT },
  };
  return { values: {}, errors };
};

export interface LeadPayload {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  recommendedBy?: string;
  treatmentInterest: string;
  source: typeof QR_REFERRAL_SOURCE;
  referrerId?: string;
  marketingConsent: boolean;
}

/**
 * POST /api/leads's body (spec sections 3 and 5): names title-cased, email trimmed and lower-cased, the whole
 * phone number with its country code, the referrer's name and card number when there is a referrer. The
 * server normalises everything again.
 */
export function buildLeadPayload(
  values: LeadFormOutput,
  { referrerId, recommendedBy }: { referrerId?: string; recommendedBy?: string },
): LeadPayload {
  const payload: LeadPayload = {
    firstName: titleCaseName(values.firstName),
    lastName: titleCaseName(values.lastName),
    email: values.email.trim().toLowerCase(),
    phone: composePhone(values.phone, values.country),
    treatmentInterest: values.treatmentInterest,
    source: QR_REFERRAL_SOURCE,
    marketingConsent: values.marketingConsent,
  };
  const name = recommendedBy?.trim();
  if (name) payload.recommendedBy = titleCaseName(name);
  if (referrerId) payload.referrerId = referrerId;
  return payload;
}

export const NETWORK_FAILURE_TEXT =
  "We couldn't send your details. Please check your internet connection and try again.";
export const SERVER_FAILURE_TEXT =
  'Sorry, something went wrong on our side and your details were not sent. Please try again.';
export const TOO_MANY_TEXT = 'Too many submissions from this address. Please try again later.';

export interface SubmitFailure {
  /** What the form's alert says. */
  message: string;
  /** Messages for the form's own fields (a 400's fieldErrors), by field. */
  fieldErrors: Partial<Record<LeadFieldName, string>>;
  /** Whether sending the same details again may work (a dropped connection, a fault on the server). */
  retryable: boolean;
}

/**
 * What a failed POST /api/leads means to the visitor: the server's own words for a 400 or a 429, a plain
 * word about the connection when there was no answer, and an apology otherwise. Nothing typed is lost.
 */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof ApiError)) return { message: SERVER_FAILURE_TEXT, fieldErrors: {}, retryable: true };
  if (error.isNetworkError) return { message: NETWORK_FAILURE_TEXT, fieldErrors: {}, retryable: true };
  if (error.status === 429) {
    return { message: error.serverMessage ?? TOO_MANY_TEXT, fieldErrors: {}, retryable: false };
  }
  if (error.status === 400) {
    const fieldErrors: SubmitFailure['fieldErrors'] = {};
    for (const name of LEAD_FIELD_ORDER) {
      const message = error.fieldErrors?.[name]?.[0];
      if (message) fieldErrors[name] = message;
    }
    return {
      message: error.serverMessage ?? 'Please check your details and try again.',
      fieldErrors,
      retryable: false,
    };
  }
  if (error.status >= 500) return { message: SERVER_FAILURE_TEXT, fieldErrors: {}, retryable: true };
  return { message: error.serverMessage ?? SERVER_FAILURE_TEXT, fieldErrors: {}, retryable: true };
}

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(
  errors: Partial<Record<LeadFieldName, unknown>>,
): LeadFieldName | undefined {
  return LEAD_FIELD_ORDER.find((name) => Boolean(errors[name]));
}
