import { ApiError } from '@/lib/client/api';
import {
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  PHONE_REQUIRED_TEXT,
  TREATMENT_REQUIRED_TEXT,
  VALID_PHONE_TEXT,
  type LeadFormValues,
} from '@/lib/validation/leads';
import { VALID_EMAIL_TEXT } from '@/lib/validation/messages';
import {
  buildLeadPayload,
  describeSubmitFailure,
  EMPTY_LEAD_FORM,
  firstInvalidField,
  leadFormResolver,
  NETWORK_FAILURE_TEXT,
  SERVER_FAILURE_TEXT,
  type LeadFormOutput,
} from './lead-form-logic';

const VALID: LeadFormValues = {
  firstName: 'jane',
  lastName: 'smith',
  email: 'Jane.Smith@Example.com',
  country: 'GB',
  phone: '7123 456789',
  treatmentInterest: 'improve-my-smile',
  marketingConsent: false,
};

async function messages(values: LeadFormValues): Promise<Record<string, string | undefined>> {
  const result = await leadFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
}

describe('leadFormResolver', () => {
  it("gives every field's message for an empty form (spec section 5)", async () => {
    expect(await messages(EMPTY_LEAD_FORM)).toEqual({
      firstName: FIRST_NAME_REQUIRED_TEXT,
      lastName: LAST_NAME_REQUIRED_TEXT,
      email: VALID_EMAIL_TEXT,
      phone: PHONE_REQUIRED_TEXT,
      treatmentInterest: TREATMENT_REQUIRED_TEXT,
    });
  });

  it('says a short number is not valid in the same pass, even with no treatment chosen yet', async () => {
    expect(await messages({ ...VALID, phone: '12345', treatmentInterest: '' as never })).toEqual({
      phone: VALID_PHONE_TEXT,
      treatmentInterest: TREATMENT_REQUIRED_TEXT,
    });
    expect(await messages({ ...VALID, phone: '12345' })).toEqual({ phone: VALID_PHONE_TEXT });
  });

  it('takes blank names as missing and checks the email', async () => {
    expect(await messages({ ...VALID, firstName: '   ', email: 'jane@' })).toEqual({
      firstName: FIRST_NAME_REQUIRED_TEXT,
      email: VALID_EMAIL_TEXT,
    });
  });

  it('accepts a complete form, a national trunk 0 included', async () => {
    const result = await leadFormResolver({ ...VALID, phone: '07123 456789' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ firstName: 'jane', phone: '07123 456789' });
  });
});

describe('buildLeadPayload', () => {
  const values = { ...VALID } as LeadFormOutput;

  it('title-cases the names, lower-cases the email and sends the whole number with its code', () => {
    expect(
      buildLeadPayload(
        { ...values, firstName: 'mary-jane', lastName: "O'NEIL", email: '  Mary@Example.COM ' },
        { referrerId: 'SC-ABCD-EFGH-2345', recommendedBy: 'olivia brown' },
      ),
    ).toEqual({
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
      email: 'mary@example.com',
      phone: '+44 7123456789',
      recommendedBy: 'Olivia Brown',
      treatmentInterest: 'improve-my-smile',
      source: 'qr_referral',
      referrerId: 'SC-ABCD-EFGH-2345',
      marketingConsent: false,
    });
  });

  it('leaves out the referrer when there is none, and drops the trunk 0', () => {
    const payload = buildLeadPayload({ ...values, phone: '07123 456789' }, {});
    expect(payload).not.toHaveProperty('referrerId');
    expect(payload).not.toHaveProperty('recommendedBy');
    expect(payload.phone).toBe('+44 7123456789');
  });

  it('uses the chosen country code', () => {
    expect(buildLeadPayload({ ...values, country: 'US', phone: '201 555 0123' }, {}).phone).toBe(
      '+1 2015550123',
    );
  });
});

describe('describeSubmitFailure', () => {
  it('asks to check the connection when there was no answer', () => {
    expect(describeSubmitFailure(new ApiError(0, 'Network error. Please try again.'))).toEqual({
      message: NETWORK_FAILURE_TEXT,
      fieldErrors: {},
      retryable: true,
    });
  });

  it("uses the server's words for a 429 and a 400, with a 400's messages for the form's own fields", () => {
    const tooMany = 'Too many submissions from this address. Please try again later.';
    expect(describeSubmitFailure(new ApiError(429, tooMany, tooMany))).toMatchObject({
      message: tooMany,
      retryable: false,
    });
    const invalid = new ApiError(400, VALID_PHONE_TEXT, VALID_PHONE_TEXT, {
      phone: [VALID_PHONE_TEXT],
      email: [VALID_EMAIL_TEXT, 'second'],
      referrerId: ['referrerId must be a card number or a client id'],
    });
    expect(describeSubmitFailure(invalid)).toEqual({
      message: VALID_PHONE_TEXT,
      fieldErrors: { email: VALID_EMAIL_TEXT, phone: VALID_PHONE_TEXT },
      retryable: false,
    });
  });

  it('apologises for a fault on the server, and for anything unexpected', () => {
    expect(describeSubmitFailure(new ApiError(500, '500: oops', 'Something went wrong'))).toMatchObject({
      message: SERVER_FAILURE_TEXT,
      retryable: true,
    });
    expect(describeSubmitFailure(new TypeError('x'))).toMatchObject({ message: SERVER_FAILURE_TEXT });
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form', () => {
    expect(firstInvalidField({ treatmentInterest: 'x', phone: 'y', email: 'z' })).toBe('email');
    expect(firstInvalidField({})).toBeUndefined();
  });
});
