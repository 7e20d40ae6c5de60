import { randomUUID } from 'node:crypto';
import {
  createLeadSchema,
  createReferralSchema,
  FILL_REQUIRED_FIELDS_TEXT,
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  manualReferralFormSchema,
  MANUAL_ENTRY_SOURCE,
  MAX_REWARD_POUNDS,
  PHONE_REQUIRED_TEXT,
  QR_REFERRAL_SOURCE,
  REFERRAL_STATUSES,
  TREATMENT_INTERESTS,
  TREATMENT_REQUIRED_TEXT,
  updateReferralSchema,
  VALID_PHONE_TEXT,
} from './leads';
import { VALID_EMAIL_TEXT } from './messages';

type Issues = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const first = (r: Issues) => r.error?.issues[0]?.message;
const messages = (r: Issues) => r.error?.issues.map((i) => i.message) ?? [];
const paths = (r: Issues) => r.error?.issues.map((i) => i.path.join('.')) ?? [];

const CARD = 'SC-ABCD-EFGH-2345';

/** A complete public form post (qr_referral). */
const publicLead = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Amy',
  lastName: 'Pond',
  email: 'amy@example.com',
  phone: '+447123456789',
  treatmentInterest: 'improve-my-smile',
  referrerId: CARD,
  ...overrides,
});

/** A complete Manual Entry by staff. */
const manualLead = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Amy',
  lastName: 'Pond',
  email: 'amy@example.com',
  source: MANUAL_ENTRY_SOURCE,
  referrerId: randomUUID(),
  ...overrides,
});

describe('createLeadSchema (POST /api/leads)', () => {
  it('normalises whatever the browser sent (spec section 5, Submit normalisation)', () => {
    expect(
      createLeadSchema.parse({
        firstName: '  mary-jane ',
        lastName: "O'NEIL",
        email: '  Mary.Jane@Example.CO.UK ',
        phone: '07123 456789',
        recommendedBy: '  jane   smith ',
        treatmentInterest: 'replace-missing-teeth',
        referrerId: ` ${CARD} `,
      }),
    ).toEqual({
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
      email: 'mary.jane@example.co.uk',
      phone: '+447123456789',
      recommendedBy: 'Jane Smith',
      treatmentInterest: 'replace-missing-teeth',
      source: QR_REFERRAL_SOURCE,
      referrerId: CARD,
      marketingConsent: false,
    });
  });

  it.each([
    ['07123 456789', '+447123456789'],
    ['447123456789', '+447123456789'],
    ['7123456789', '+447123456789'],
    // The written-out trunk prefix '(0)' is never dialled after a country code.
    ['+44 (0)7123-456789', '+447123456789'],
    ['+1 (201) 555-0123', '+12015550123'],
    ['+353 87 123 4567', '+353871234567'],
  ])('stores the phone %p normalised as %p', (phone, stored) => {
    expect(createLeadSchema.parse(publicLead({ phone })).phone).toBe(stored);
  });

  it("defaults the source to 'qr_referral' and takes 'Manual Entry'", () => {
    expect(createLeadSchema.parse(publicLead()).source).toBe('qr_referral');
    expect(createLeadSchema.parse(publicLead({ source: 'qr_referral' })).source).toBe('qr_referral');
    expect(createLeadSchema.parse(manualLead()).source).toBe('Manual Entry');
  });

  it.each(['web', 'manual', 'manual entry', 'QR_REFERRAL', '', 42])('refuses the source %p', (source) => {
    const r = createLeadSchema.safeParse(publicLead({ source }));
    expect(first(r)).toBe("source must be 'qr_referral' or 'Manual Entry'");
    expect(paths(r)).toEqual(['source']);
  });

  it('takes every treatment interest of spec section 3, by value', () => {
    expect(TREATMENT_INTERESTS.map((t) => t.value)).toEqual([
      'replace-missing-teeth',
      'improve-my-smile',
      'healthy-pain-free-mouth',
      'facial-aesthetic-treatments',
    ]);
    for (const { value } of TREATMENT_INTERESTS) {
      expect(createLeadSchema.parse(publicLead({ treatmentInterest: value })).treatmentInterest).toBe(value);
    }
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    ['a blank first name', { firstName: '   ' }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    ['a first name that is not text', { firstName: 42 }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    ['a missing last name', { lastName: undefined }, 'lastName', LAST_NAME_REQUIRED_TEXT],
    ['a blank last name', { lastName: '' }, 'lastName', LAST_NAME_REQUIRED_TEXT],
    ['a missing email', { email: undefined }, 'email', VALID_EMAIL_TEXT],
    ['a blank email', { email: '  ' }, 'email', VALID_EMAIL_TEXT],
    ['an email without a domain', { email: 'amy@' }, 'email', VALID_EMAIL_TEXT],
    ['an email without an @', { email: 'amy.example.com' }, 'email', VALID_EMAIL_TEXT],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }, 'email', VALID_EMAIL_TEXT],
    ['a missing phone', { phone: undefined }, 'phone', PHONE_REQUIRED_TEXT],
    ['a null phone', { phone: null }, 'phone', PHONE_REQUIRED_TEXT],
    ['an empty phone', { phone: '' }, 'phone', PHONE_REQUIRED_TEXT],
    ['a phone without digits', { phone: 'abc' }, 'phone', VALID_PHONE_TEXT],
    ['a short phone', { phone: '12345' }, 'phone', VALID_PHONE_TEXT],
    ['a 9-digit phone without a code', { phone: '712345678' }, 'phone', VALID_PHONE_TEXT],
    ['an over-long phone', { phone: '+44 7123 456789 7123 456789 7123 456789 7' }, 'phone', VALID_PHONE_TEXT],
    ['a phone that is not text', { phone: 447123456789 }, 'phone', VALID_PHONE_TEXT],
    [
      'a missing treatment interest',
      { treatmentInterest: undefined },
      'treatmentInterest',
      TREATMENT_REQUIRED_TEXT,
    ],
    ['an empty treatment interest', { treatmentInterest: '' }, 'treatmentInterest', TREATMENT_REQUIRED_TEXT],
    // Issue 29: whether a treatment is on the clinic's list is recordLead's check (the list is a setting).
    [
      'a treatment interest that is not text',
      { treatmentInterest: 42 },
      'treatmentInterest',
      TREATMENT_REQUIRED_TEXT,
    ],
    [
      'a treatment interest with an invisible character',
      { treatmentInterest: 'Implants\u202E' },
      'treatmentInterest',
      TREATMENT_REQUIRED_TEXT,
    ],
  ])('refuses %s with the spec message', (_, overrides, path, message) => {
    const r = createLeadSchema.safeParse(publicLead(overrides));
    expect(r.success).toBe(false);
    expect(first(r)).toBe(message);
    expect(paths(r)).toEqual([path]);
  });

  it("passes a treatment label on, trimmed, for recordLead to hold to the clinic's list (issue 29)", () => {
    expect(
      createLeadSchema.parse(publicLead({ treatmentInterest: ' Improve my smile ' })).treatmentInterest,
    ).toBe('Improve my smile');
    expect(createLeadSchema.parse(publicLead({ treatmentInterest: 'Invisalign' })).treatmentInterest).toBe(
      'Invisalign',
    );
  });

  it('refuses names over 100 characters', () => {
    expect(first(createLeadSchema.safeParse(publicLead({ firstName: 'a'.repeat(101) })))).toBe(
      'Names must be at most 100 characters',
    );
    expect(createLeadSchema.parse(publicLead({ lastName: 'a'.repeat(100) })).lastName).toBe(
      `A${'a'.repeat(99)}`,
    );
  });

  it('gives the phone and the treatment interest messages together for the public form', () => {
    const r = createLeadSchema.safeParse(publicLead({ phone: undefined, treatmentInterest: undefined }));
    expect(messages(r)).toEqual([PHONE_REQUIRED_TEXT, TREATMENT_REQUIRED_TEXT]);
  });

  it('treats a blank recommendedBy as none and refuses a non-text or over-long one', () => {
    expect(createLeadSchema.parse(publicLead({ recommendedBy: '' })).recommendedBy).toBeNull();
    expect(createLeadSchema.parse(publicLead({ recommendedBy: '   ' })).recommendedBy).toBeNull();
    expect(createLeadSchema.parse(publicLead()).recommendedBy).toBeUndefined();
    expect(first(createLeadSchema.safeParse(publicLead({ recommendedBy: 5 })))).toBe(
      'recommendedBy must be text',
    );
    expect(first(createLeadSchema.safeParse(publicLead({ recommendedBy: 'a'.repeat(201) })))).toBe(
      'recommendedBy must be at most 200 characters',
    );
  });

  it('takes a card number or a client id as referrerId, trimmed, and treats a blank one as none', () => {
    const id = randomUUID();
    expect(createLeadSchema.parse(publicLead({ referrerId: id })).referrerId).toBe(id);
    expect(createLeadSchema.parse(publicLead({ referrerId: ' sc-abcd-efgh-2345 ' })).referrerId).toBe(
      'sc-abcd-efgh-2345',
    );
    expect(createLeadSchema.parse(publicLead({ referrerId: '' })).referrerId).toBeNull();
    expect(createLeadSchema.parse(publicLead({ referrerId: null })).referrerId).toBeNull();
    expect(createLeadSchema.parse(publicLead({ referrerId: undefined })).referrerId).toBeUndefined();
    expect(first(createLeadSchema.safeParse(publicLead({ referrerId: 'x'.repeat(101) })))).toBe(
      'referrerId must be a card number or a client id',
    );
  });

  it('refuses a referrerId that is not text with its own message', () => {
    const r = createLeadSchema.safeParse(publicLead({ referrerId: 7 }));
    expect(first(r)).toBe('referrerId must be a card number or a client id');
    expect(paths(r)).toEqual(['referrerId']);
  });

  it('holds a number sent with its country code and a space to 7-15 digits after the space', () => {
    // Spec section 5: '+', 1-4 digits of code, an optional space, then 7 to 15 digits. '+44 123456' has 6.
    const r = createLeadSchema.safeParse(publicLead({ phone: '+44 123456' }));
    expect(first(r)).toBe(VALID_PHONE_TEXT);
    expect(createLeadSchema.parse(publicLead({ phone: '+44 1234567' })).phone).toBe('+441234567');
  });

  it('gives one message, not two contradicting ones, for a phone without digits', () => {
    const r = createLeadSchema.safeParse(publicLead({ phone: '---' }));
    expect(messages(r)).toEqual([VALID_PHONE_TEXT]);
  });

  describe("source 'Manual Entry' (spec section 5, Manual referral)", () => {
    it('needs a referrer: "Please fill in all required fields"', () => {
      for (const referrerId of [undefined, null, '']) {
        const r = createLeadSchema.safeParse(manualLead({ referrerId }));
        expect(first(r)).toBe(FILL_REQUIRED_FIELDS_TEXT);
        expect(paths(r)).toEqual(['referrerId']);
      }
    });

    it('makes the phone and the treatment interest optional', () => {
      const parsed = createLeadSchema.parse(manualLead());
      expect(parsed.phone ?? null).toBeNull();
      expect(parsed.treatmentInterest ?? null).toBeNull();
      expect(createLeadSchema.parse(manualLead({ phone: '' })).phone).toBeNull();
      expect(createLeadSchema.parse(manualLead({ phone: null })).phone).toBeNull();
    });

    it('still normalises and checks a phone that is given', () => {
      expect(createLeadSchema.parse(manualLead({ phone: '07123 456789' })).phone).toBe('+447123456789');
      expect(first(createLeadSchema.safeParse(manualLead({ phone: '123' })))).toBe(VALID_PHONE_TEXT);
    });

    it('still checks a treatment interest that is given', () => {
      expect(first(createLeadSchema.safeParse(manualLead({ treatmentInterest: 42 })))).toBe(
        TREATMENT_REQUIRED_TEXT,
      );
    });

    it('still needs the names and a valid email, title-cased and lower-cased', () => {
      expect(first(createLeadSchema.safeParse(manualLead({ firstName: ' ' })))).toBe(
        FIRST_NAME_REQUIRED_TEXT,
      );
      expect(first(createLeadSchema.safeParse(manualLead({ lastName: undefined })))).toBe(
        LAST_NAME_REQUIRED_TEXT,
      );
      expect(first(createLeadSchema.safeParse(manualLead({ email: 'nope' })))).toBe(VALID_EMAIL_TEXT);
      expect(
        createLeadSchema.parse(manualLead({ firstName: 'AMY', lastName: 'pond', email: ' AMY@X.COM ' })),
      ).toMatchObject({ firstName: 'Amy', lastName: 'Pond', email: 'amy@x.com' });
    });
  });

  describe("source 'qr_referral'", () => {
    it('needs the phone and the treatment interest but not a referrer', () => {
      expect(createLeadSchema.safeParse(publicLead({ referrerId: undefined })).success).toBe(true);
      expect(first(createLeadSchema.safeParse(publicLead({ phone: '' })))).toBe(PHONE_REQUIRED_TEXT);
      expect(first(createLeadSchema.safeParse(publicLead({ treatmentInterest: null })))).toBe(
        TREATMENT_REQUIRED_TEXT,
      );
    });
  });
});

describe('manualReferralFormSchema (Add Manual Referral)', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    referrerClientId: randomUUID(),
    firstName: 'Amy',
    lastName: 'Pond',
    email: 'amy@example.com',
    phone: '',
    ...overrides,
  });

  it('accepts a referral without a phone, and with a valid one', () => {
    expect(manualReferralFormSchema.safeParse(form()).success).toBe(true);
    expect(manualReferralFormSchema.safeParse(form({ phone: '  ' })).success).toBe(true);
    expect(manualReferralFormSchema.safeParse(form({ phone: '07123 456789' })).success).toBe(true);
    expect(manualReferralFormSchema.safeParse(form({ phone: '+1 201 555 0123' })).success).toBe(true);
  });

  it.each([
    [{ referrerClientId: '' }, 'referrerClientId', FILL_REQUIRED_FIELDS_TEXT],
    [{ firstName: '' }, 'firstName', FILL_REQUIRED_FIELDS_TEXT],
    [{ firstName: '  ' }, 'firstName', FILL_REQUIRED_FIELDS_TEXT],
    [{ lastName: '' }, 'lastName', FILL_REQUIRED_FIELDS_TEXT],
    [{ email: '' }, 'email', FILL_REQUIRED_FIELDS_TEXT],
    [{ email: '   ' }, 'email', FILL_REQUIRED_FIELDS_TEXT],
    [{ email: 'amy@' }, 'email', VALID_EMAIL_TEXT],
    [{ phone: 'abc' }, 'phone', VALID_PHONE_TEXT],
    [{ phone: '12345' }, 'phone', VALID_PHONE_TEXT],
    [{ phone: '+44 123456' }, 'phone', VALID_PHONE_TEXT],
    [{ firstName: 'a'.repeat(101) }, 'firstName', 'Names must be at most 100 characters'],
  ])('refuses %p with the spec message', (overrides, path, message) => {
    const r = manualReferralFormSchema.safeParse(form(overrides));
    expect(first(r)).toBe(message);
    expect(paths(r)).toEqual([path]);
  });
});

describe('updateReferralSchema (PATCH /api/referrals/{id})', () => {
  it('takes exactly the three status texts of the spec', () => {
    expect(REFERRAL_STATUSES).toEqual(['pending', 'In Progress', 'Payment Due']);
    for (const status of REFERRAL_STATUSES) {
      expect(updateReferralSchema.parse({ status })).toEqual({ status });
    }
  });

  it.each([
    'Pending',
    'in progress',
    'In progress',
    'in_progress',
    'payment_due',
    'Payment due',
    'Story Started',
    'paid',
    '',
    null,
  ])('refuses the status %p', (status) => {
    expect(first(updateReferralSchema.safeParse({ status }))).toBe(
      "status must be 'pending', 'In Progress' or 'Payment Due'",
    );
  });

  it('asks for a status, or contacted: true (the inbox, issue 17), and not both', () => {
    const text = "Send a status ('pending', 'In Progress' or 'Payment Due') or contacted: true";
    expect(first(updateReferralSchema.safeParse({ status: undefined }))).toBe(text);
    expect(first(updateReferralSchema.safeParse({ status: 'pending', contacted: true }))).toBe(text);
    expect(updateReferralSchema.safeParse({ contacted: true }).success).toBe(true);
    expect(first(updateReferralSchema.safeParse({ contacted: false }))).toBe(
      'contacted must be true (a lead cannot be marked not contacted)',
    );
  });

  it.each([1, 0.01, 75.5, 199.99, 0.1 + 0.2, 1.1 * 3, MAX_REWARD_POUNDS])(
    'takes the reward amount %p (positive, whole pence, at most the maximum)',
    (rewardAmount) => {
      expect(updateReferralSchema.parse({ status: 'Payment Due', rewardAmount }).rewardAmount).toBe(
        rewardAmount,
      );
    },
  );

  it('takes no reward amount, or null, to use the setting', () => {
    expect(updateReferralSchema.parse({ status: 'Payment Due' }).rewardAmount).toBeUndefined();
    expect(updateReferralSchema.parse({ status: 'Payment Due', rewardAmount: null }).rewardAmount).toBeNull();
  });

  it.each([
    [0, 'rewardAmount must be more than £0'],
    [-5, 'rewardAmount must be more than £0'],
    [12.345, 'rewardAmount must be in whole pence'],
    [0.001, 'rewardAmount must be in whole pence'],
    [MAX_REWARD_POUNDS + 0.01, 'rewardAmount must be at most £5,000'],
    [1e9, 'rewardAmount must be at most £5,000'],
    ['200', 'rewardAmount must be an amount in pounds'],
    [true, 'rewardAmount must be an amount in pounds'],
    [Infinity, expect.any(String)],
    [NaN, expect.any(String)],
  ])('refuses the reward amount %p', (rewardAmount, message) => {
    const r = updateReferralSchema.safeParse({ status: 'Payment Due', rewardAmount });
    expect(r.success).toBe(false);
    expect(first(r)).toEqual(message);
  });

  it('refuses unknown fields', () => {
    expect(updateReferralSchema.safeParse({ status: 'pending', rewardPaid: true }).success).toBe(false);
    expect(updateReferralSchema.safeParse({ status: 'pending', convertedAt: null }).success).toBe(false);
  });
});

describe('createReferralSchema (POST /api/referrals)', () => {
  const leadId = randomUUID();

  it('takes a client id or a card number, and starts the referral as pending', () => {
    const clientId = randomUUID();
    expect(createReferralSchema.parse({ referrerId: clientId, leadId })).toEqual({
      referrerId: clientId,
      leadId,
      status: 'pending',
    });
    expect(createReferralSchema.parse({ referrerId: ` ${CARD} `, leadId, status: 'pending' })).toEqual({
      referrerId: CARD,
      leadId,
      status: 'pending',
    });
  });

  it.each(['In Progress', 'Payment Due', 'Pending', ''])('refuses the starting status %p', (status) => {
    expect(first(createReferralSchema.safeParse({ referrerId: CARD, leadId, status }))).toBe(
      "A new referral's status must be 'pending'",
    );
  });

  it.each([
    [{ leadId }, 'referrerId must be a card number or a client id'],
    [{ referrerId: '', leadId }, FILL_REQUIRED_FIELDS_TEXT],
    [{ referrerId: '   ', leadId }, FILL_REQUIRED_FIELDS_TEXT],
    [{ referrerId: 'x'.repeat(101), leadId }, 'referrerId must be a card number or a client id'],
    [{ referrerId: CARD }, 'leadId must be a lead id'],
    [{ referrerId: CARD, leadId: 'lead-1' }, 'leadId must be a lead id'],
    [{ referrerId: CARD, leadId: 42 }, 'leadId must be a lead id'],
  ])('refuses %p', (input, message) => {
    expect(first(createReferralSchema.safeParse(input))).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(createReferralSchema.safeParse({ referrerId: CARD, leadId, rewardAmount: 50 }).success).toBe(
      false,
    );
  });
});
