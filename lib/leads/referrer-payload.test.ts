import type { LeadFormOutput } from '@/lib/validation/lead-form';
import { checkLeadForm, readLeadForm } from '@/lib/validation/lead-form';
import { RECOMMENDED_BY_TOO_LONG_TEXT } from '@/lib/validation/typed-referrer';
import { buildLeadPayload } from './public-form';

/** Issue 29, point 4: what the form sends from 'Who recommended you?'. */
const VALID: LeadFormOutput = {
  firstName: 'jane',
  lastName: 'smith',
  email: 'jane@example.com',
  country: 'GB',
  phone: '7123 456789',
  treatmentInterest: 'improve-my-smile',
  marketingConsent: false,
};

describe("buildLeadPayload with 'Who recommended you?'", () => {
  it('sends a typed name as recommendedBy, with no referrer', () => {
    const payload = buildLeadPayload({ ...VALID, recommendedBy: 'Rory Williams' }, {});
    expect(payload.recommendedBy).toBe('Rory Williams');
    expect(payload).not.toHaveProperty('referrerId');
  });

  it('sends a typed card number as the referrer, as the link would', () => {
    const payload = buildLeadPayload({ ...VALID, recommendedBy: 'sc ab2c de3f gh4j' }, {});
    expect(payload.referrerId).toBe('SC-AB2C-DE3F-GH4J');
    expect(payload).not.toHaveProperty('recommendedBy');
  });

  it("keeps the link's card number and ignores anything typed beside it", () => {
    const payload = buildLeadPayload(
      { ...VALID, recommendedBy: 'Someone Else' },
      { referrerId: 'SC-ABCD-EFGH-2345' },
    );
    expect(payload.referrerId).toBe('SC-ABCD-EFGH-2345');
    expect(payload).not.toHaveProperty('recommendedBy');
  });
});

describe("the form's check of 'Who recommended you?'", () => {
  const form = (recommendedBy?: string) => {
    const data = new FormData();
    data.set('firstName', 'Jane');
    data.set('lastName', 'Smith');
    data.set('email', 'jane@example.com');
    data.set('phone', '07123 456789');
    data.set('treatmentInterest', 'improve-my-smile');
    if (recommendedBy !== undefined) data.set('recommendedBy', recommendedBy);
    return readLeadForm(data);
  };

  it('is optional, and passes what was typed on, trimmed', () => {
    expect(checkLeadForm(form('')).ok).toBe(true);
    const check = checkLeadForm(form('  Rory  '));
    expect(check.ok && check.data.recommendedBy).toBe('Rory');
  });

  it('refuses more than 200 characters beside the field', () => {
    expect(checkLeadForm(form('x'.repeat(201))).errors).toEqual({
      recommendedBy: RECOMMENDED_BY_TOO_LONG_TEXT,
    });
  });
});
