import { VALID_EMAIL_TEXT } from './messages';
import { INVISIBLE_NAME_TEXT } from './names';
import { createLeadSchema } from './leads';
import {
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  PHONE_REQUIRED_TEXT,
  TREATMENT_REQUIRED_TEXT,
  VALID_PHONE_TEXT,
} from './lead-texts';
import {
  checkLeadForm,
  EMPTY_LEAD_FORM,
  firstInvalidField,
  readLeadForm,
  type LeadFormValues,
} from './lead-form';

const form = (overrides: Partial<Record<keyof LeadFormValues, unknown>> = {}): LeadFormValues =>
  ({
    firstName: 'Amy',
    lastName: 'Pond',
    email: 'amy@example.com',
    country: 'GB',
    phone: '7123 456789',
    treatmentInterest: 'improve-my-smile',
    marketingConsent: false,
    ...overrides,
  }) as LeadFormValues;

describe('checkLeadForm (the lead form, in the browser and in its server action)', () => {
  it('accepts a complete form, with the national number as typed', () => {
    expect(checkLeadForm(form()).ok).toBe(true);
    expect(checkLeadForm(form({ phone: '07123 456789' })).ok).toBe(true);
    expect(checkLeadForm(form({ country: 'US', phone: '201 555 0123' })).ok).toBe(true);
    expect(checkLeadForm(form({ country: 'IT', phone: '0612345678' })).ok).toBe(true);
  });

  it('gives back the values trimmed', () => {
    const result = checkLeadForm(form({ firstName: '  amy ', email: ' amy@example.com ' }));
    expect(result.ok && result.data).toMatchObject({ firstName: 'amy', email: 'amy@example.com' });
  });

  it('gives every message in one pass, the phone too while another field is wrong', () => {
    expect(checkLeadForm(form({ phone: '123', treatmentInterest: '', firstName: '' })).errors).toEqual({
      firstName: FIRST_NAME_REQUIRED_TEXT,
      treatmentInterest: TREATMENT_REQUIRED_TEXT,
      phone: VALID_PHONE_TEXT,
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    [{ firstName: '   ' }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    [{ firstName: 'a'.repeat(101) }, 'firstName', 'Names must be at most 100 characters'],
    [{ lastName: '' }, 'lastName', LAST_NAME_REQUIRED_TEXT],
    [{ lastName: ' ' }, 'lastName', LAST_NAME_REQUIRED_TEXT],
    [{ email: '' }, 'email', VALID_EMAIL_TEXT],
    [{ email: 'amy@' }, 'email', VALID_EMAIL_TEXT],
    [{ email: 'amy example.com' }, 'email', VALID_EMAIL_TEXT],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', VALID_EMAIL_TEXT],
    [{ phone: '' }, 'phone', PHONE_REQUIRED_TEXT],
    [{ phone: '  ' }, 'phone', PHONE_REQUIRED_TEXT],
    [{ phone: '123456' }, 'phone', VALID_PHONE_TEXT],
    [{ phone: '0' }, 'phone', VALID_PHONE_TEXT],
    [{ phone: 'abc' }, 'phone', VALID_PHONE_TEXT],
    [{ country: 'US', phone: '1234567890123456' }, 'phone', VALID_PHONE_TEXT],
    [{ treatmentInterest: '' }, 'treatmentInterest', TREATMENT_REQUIRED_TEXT],
    [{ treatmentInterest: 'braces' }, 'treatmentInterest', TREATMENT_REQUIRED_TEXT],
  ])('refuses %p with the spec message', (overrides, field, message) => {
    const result = checkLeadForm(form(overrides));
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({ [field]: message });
  });

  it("gives every message of an empty form at once, and the first is the form's first field", () => {
    const { errors } = checkLeadForm(EMPTY_LEAD_FORM);
    expect(errors).toEqual({
      firstName: FIRST_NAME_REQUIRED_TEXT,
      lastName: LAST_NAME_REQUIRED_TEXT,
      email: VALID_EMAIL_TEXT,
      phone: PHONE_REQUIRED_TEXT,
      treatmentInterest: TREATMENT_REQUIRED_TEXT,
    });
    expect(firstInvalidField(errors)).toBe('firstName');
  });

  it('accepts the shortest and longest national numbers the pattern allows', () => {
    expect(checkLeadForm(form({ phone: '1234567' })).ok).toBe(true);
    expect(checkLeadForm(form({ phone: '123456789012345' })).ok).toBe(true);
    expect(checkLeadForm(form({ phone: '1234567890123456' })).ok).toBe(false);
  });

  it("takes a treatment of the clinic's own list, as the clinic writes it, and no other (issue 29)", () => {
    const list = ['Invisalign', 'Dental implants'];
    const ok = checkLeadForm(form({ treatmentInterest: 'invisalign' }), list);
    expect(ok.ok && ok.data.treatmentInterest).toBe('Invisalign');
    expect(checkLeadForm(form({ treatmentInterest: 'Improve my smile' }), list).errors).toEqual({
      treatmentInterest: TREATMENT_REQUIRED_TEXT,
    });
  });

  it('refuses a country the selector does not offer', () => {
    expect(checkLeadForm(form({ country: 'ZZ' })).ok).toBe(false);
  });
});

describe('readLeadForm (what a post carries)', () => {
  const data = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [key, value] of Object.entries(entries)) fd.append(key, value);
    return fd;
  };

  it('reads every field, a ticked box as consent and an unticked (absent) one as none', () => {
    expect(
      readLeadForm(
        data({
          firstName: 'Amy',
          lastName: 'Pond',
          email: 'amy@example.com',
          country: 'US',
          phone: '201 555 0123',
          treatmentInterest: 'improve-my-smile',
          marketingConsent: 'on',
        }),
      ),
    ).toEqual({
      firstName: 'Amy',
      lastName: 'Pond',
      email: 'amy@example.com',
      country: 'US',
      phone: '201 555 0123',
      treatmentInterest: 'improve-my-smile',
      marketingConsent: true,
    });
    expect(readLeadForm(data({})).marketingConsent).toBe(false);
  });

  it('falls back to the form’s defaults for anything missing or not on offer', () => {
    expect(readLeadForm(data({ country: 'ZZ' }))).toEqual(EMPTY_LEAD_FORM);
  });

  it('keeps the treatment as chosen, for the check against the clinic’s list (issue 29)', () => {
    expect(readLeadForm(data({ treatmentInterest: 'braces' })).treatmentInterest).toBe('braces');
  });

  it('cuts a field far past any limit, so a huge post costs nothing to check', () => {
    expect(readLeadForm(data({ firstName: 'a'.repeat(100_000) })).firstName).toHaveLength(1000);
  });
});

describe('the same rules as POST /api/leads (createLeadSchema, zod on the server)', () => {
  const lead = (overrides: Record<string, unknown>) => ({
    firstName: 'Amy',
    lastName: 'Pond',
    email: 'amy@example.com',
    phone: '+44 7123456789',
    treatmentInterest: 'improve-my-smile',
    source: 'qr_referral',
    ...overrides,
  });

  it.each([
    'amy@example.com',
    ' Amy.Pond@Example.CO.UK ',
    "o'neil+tag@mail.example.org",
    'a_b-c@sub-domain.example.io',
    'amy@',
    '@example.com',
    'amy@example',
    'amy@example.c',
    'amy..pond@example.com',
    '.amy@example.com',
    'amy.@example.com',
    'amy pond@example.com',
    'amy@exa_mple.com',
    'amy@-example.com',
    'amy@example.com.',
    'ámy@example.com',
    '"amy"@example.com',
    'amy@[127.0.0.1]',
    `${'a'.repeat(243)}@example.com`,
    `${'a'.repeat(244)}@example.com`,
    '',
    '   ',
  ])('says of the email %p what the server says', (email) => {
    const browser = checkLeadForm(form({ email })).errors.email === undefined;
    const server = createLeadSchema.safeParse(lead({ email })).success;
    expect(browser).toBe(server);
  });

  it.each([
    ['a'.repeat(100), true],
    ['a'.repeat(101), false],
    ['  Amy  ', true],
    ['', false],
    [' ', false],
    ['Zoë Ó Súilleabháin', true],
    ['مريم אביגיל', true],
    ['Amy \u202Etxt.exe', false],
    ['Amy\u2066Pond', false],
    ['Am\u200By', false],
    ['Amy\u200F', false],
    ['Am\uFEFFy', false],
    ['Amy\u001B[2J', false],
    ['Amy\u0085', false],
    ['Amy\u2028Pond', false],
  ])('says of the first name %p what the server says', (firstName, accepted) => {
    expect(checkLeadForm(form({ firstName })).errors.firstName === undefined).toBe(accepted);
    expect(createLeadSchema.safeParse(lead({ firstName })).success).toBe(accepted);
  });

  it.each(['Amy \u202Etxt.exe', 'Po\u200Dnd', 'Pond\u0007'])(
    'refuses invisible and control characters in either name with the server’s own message (%p)',
    (name) => {
      const browser = checkLeadForm(form({ firstName: name, lastName: name })).errors;
      expect(browser).toEqual({ firstName: INVISIBLE_NAME_TEXT, lastName: INVISIBLE_NAME_TEXT });
      const server = createLeadSchema.safeParse(lead({ firstName: name, lastName: name }));
      expect(server.success).toBe(false);
      expect(server.error?.flatten().fieldErrors).toEqual({
        firstName: [INVISIBLE_NAME_TEXT],
        lastName: [INVISIBLE_NAME_TEXT],
      });
    },
  );
});
