import type { LeadFormOutput } from '@/lib/validation/lead-form';
import { VALID_PHONE_TEXT } from '@/lib/validation/lead-texts';
import { VALID_EMAIL_TEXT } from '@/lib/validation/messages';
import { createLeadSchema } from '@/lib/validation/leads';
import { buildLeadPayload, formFieldErrors } from './public-form';

const VALID: LeadFormOutput = {
  firstName: 'jane',
  lastName: 'smith',
  email: 'Jane.Smith@Example.com',
  country: 'GB',
  phone: '7123 456789',
  treatmentInterest: 'improve-my-smile',
  marketingConsent: false,
};

describe('buildLeadPayload', () => {
  it('title-cases the names (once, in createLeadSchema), lower-cases the email and sends the whole number with its code', () => {
    const payload = buildLeadPayload(
      { ...VALID, firstName: 'mary-jane', lastName: "O'NEIL", email: '  Mary@Example.COM ' },
      { referrerId: 'SC-ABCD-EFGH-2345' },
    );
    expect(createLeadSchema.parse(payload)).toMatchObject({ firstName: 'Mary-Jane', lastName: "O'Neil" });
    expect(payload).toEqual({
      firstName: 'mary-jane',
      lastName: "O'NEIL",
      email: 'mary@example.com',
      phone: '+44 7123456789',
      treatmentInterest: 'improve-my-smile',
      source: 'qr_referral',
      referrerId: 'SC-ABCD-EFGH-2345',
      marketingConsent: false,
    });
  });

  it('leaves out the referrer when there is none, and drops the trunk 0', () => {
    const payload = buildLeadPayload({ ...VALID, phone: '07123 456789' }, {});
    expect(payload).not.toHaveProperty('referrerId');
    expect(payload).not.toHaveProperty('recommendedBy');
    expect(payload.phone).toBe('+44 7123456789');
  });

  it('uses the chosen country code', () => {
    expect(buildLeadPayload({ ...VALID, country: 'US', phone: '201 555 0123' }, {}).phone).toBe(
      '+1 2015550123',
    );
  });
});

describe('formFieldErrors', () => {
  it("keeps the first message of each of the form's own fields, and nothing else", () => {
    expect(
      formFieldErrors({
        phone: [VALID_PHONE_TEXT],
        email: [VALID_EMAIL_TEXT, 'second'],
        referrerId: ['referrerId must be a card number or a client id'],
      }),
    ).toEqual({ email: VALID_EMAIL_TEXT, phone: VALID_PHONE_TEXT });
  });
});
