import {
  checkPhone,
  COUNTRY_CODES,
  composePhone,
  countryByIso,
  DEFAULT_COUNTRY,
  formatPhoneInput,
  isValidPhone,
  MAX_PHONE_DIGITS,
  normalisePhone,
  PHONE_PATTERN,
} from './phone';
import { formatPhoneForDisplay } from '@/lib/format';
import { PHONE_PLACEHOLDER } from '@/lib/copy';

describe('the country-code selector (spec section 5, Phone entry)', () => {
  it("offers the spec's countries in the spec's order, GB first and the default", () => {
    expect(COUNTRY_CODES.map((c) => `${c.iso} ${c.dial}`)).toEqual([
      'GB +44',
      'US +1',
      'IE +353',
      'FR +33',
      'DE +49',
      'ES +34',
      'IT +39',
      'AU +61',
      'CA +1',
    ]);
    expect(DEFAULT_COUNTRY).toBe('GB');
    expect(PHONE_PLACEHOLDER).toBe('7123 456789');
  });

  it('finds a country by its ISO code, and falls back to GB for an unknown one', () => {
    expect(countryByIso('CA')).toEqual({ iso: 'CA', dial: '+1', name: 'Canada' });
    expect(countryByIso('ZZ').iso).toBe('GB');
  });
});

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['7', '7'],
    ['7123', '7123'],
    ['71234', '7123 4'],
    ['7123456789', '7123 456789'],
    ['71234567890', '7123 456789 0'],
    ['712345678901', '7123 456789 01'],
  ])('spaces GB numbers after the 4th and the 10th digit: %p → %p', (input, output) => {
    expect(formatPhoneInput(input, 'GB')).toBe(output);
  });

  it.each(['US', 'CA'] as const)('spaces %s numbers 3-3-4 as they grow', (iso) => {
    expect(formatPhoneInput('2', iso)).toBe('2');
    expect(formatPhoneInput('201', iso)).toBe('201');
    expect(formatPhoneInput('2015', iso)).toBe('201 5');
    expect(formatPhoneInput('201555', iso)).toBe('201 555');
    expect(formatPhoneInput('2015550', iso)).toBe('201 555 0');
    expect(formatPhoneInput('2015550123', iso)).toBe('201 555 0123');
    expect(formatPhoneInput('201555012345', iso)).toBe('201 555 0123 45');
  });

  it.each(['IE', 'FR', 'DE', 'ES', 'IT', 'AU'] as const)('leaves %s numbers unspaced', (iso) => {
    expect(formatPhoneInput('87 123 4567', iso)).toBe('871234567');
    expect(formatPhoneInput('0612345678', iso)).toBe('0612345678');
  });

  it('keeps only digits', () => {
    expect(formatPhoneInput('(201) 555-0123', 'US')).toBe('201 555 0123');
    expect(formatPhoneInput('+44 7123-456.789', 'GB')).toBe('4471 234567 89');
    expect(formatPhoneInput('abc', 'GB')).toBe('');
    expect(formatPhoneInput('7a1b2c3', 'FR')).toBe('7123');
    expect(formatPhoneInput(' 7123  456789 ', 'GB')).toBe('7123 456789');
  });

  it(`keeps at most ${MAX_PHONE_DIGITS} digits`, () => {
    expect(MAX_PHONE_DIGITS).toBe(15);
    expect(formatPhoneInput('1234567890123456789', 'GB')).toBe('1234 567890 12345');
    expect(formatPhoneInput('1234567890123456789', 'US')).toBe('123 456 7890 12345');
    expect(formatPhoneInput('1234567890123456789', 'DE')).toBe('123456789012345');
  });

  it('is stable: formatting a formatted number changes nothing', () => {
    for (const iso of ['GB', 'US', 'IE'] as const) {
      const once = formatPhoneInput('712345678901', iso);
      expect(formatPhoneInput(once, iso)).toBe(once);
    }
  });
});

describe('composePhone', () => {
  it.each([
    ['7123 456789', 'GB', '+44 7123456789'],
    ['07123 456789', 'GB', '+44 7123456789'],
    ['007123456789', 'GB', '+44 7123456789'],
    ['201 555 0123', 'US', '+1 2015550123'],
    ['416 555 0123', 'CA', '+1 4165550123'],
    ['087 123 4567', 'IE', '+353 871234567'],
    ['06 12 34 56 78', 'FR', '+33 612345678'],
    ['030 1234567', 'DE', '+49 301234567'],
    ['612345678', 'ES', '+34 612345678'],
    ['0412 345 678', 'AU', '+61 412345678'],
  ] as const)('%p with %s → %p (the trunk 0 dropped)', (national, iso, whole) => {
    expect(composePhone(national, iso)).toBe(whole);
  });

  it('keeps the leading 0 of Italian numbers', () => {
    expect(composePhone('06 1234 5678', 'IT')).toBe('+39 0612345678');
    expect(composePhone('312 345 6789', 'IT')).toBe('+39 3123456789');
  });

  it('gives nothing for nothing', () => {
    expect(composePhone('', 'GB')).toBe('');
    expect(composePhone('  ', 'US')).toBe('');
    expect(composePhone('000', 'GB')).toBe('');
    expect(composePhone('abc', 'FR')).toBe('');
  });

  it('composes what the pattern accepts for every country', () => {
    for (const c of COUNTRY_CODES) {
      expect(PHONE_PATTERN.test(composePhone('612 345 678', c.iso))).toBe(true);
    }
  });
});

describe('normalisePhone (spec section 5, Submit normalisation)', () => {
  it.each([
    // A leading 0 becomes +44.
    ['07123456789', '+447123456789'],
    ['07123 456789', '+447123456789'],
    ['0207 123 4567', '+442071234567'],
    // A leading 44 gains +.
    ['447123456789', '+447123456789'],
    ['44 7123 456789', '+447123456789'],
    // 10 or more characters without a country code are taken as British.
    ['7123456789', '+447123456789'],
    ['71234567890', '+4471234567890'],
    // Shorter ones are left alone (and fail the pattern).
    ['712345678', '712345678'],
    ['12345', '12345'],
    // A number that starts with + keeps its own code.
    ['+447123456789', '+447123456789'],
    ['+44 7123 456789', '+447123456789'],
    ['+1 201 555 0123', '+12015550123'],
    ['+353 87 123 4567', '+353871234567'],
    ['+39 06 1234 5678', '+390612345678'],
    // Spaces, dashes, brackets, dots and letters are stripped.
    ['+1 (201) 555-0123', '+12015550123'],
    ['(07123) 456-789', '+447123456789'],
    ['07123.456.789', '+447123456789'],
    ['tel: 07123 456789', '+447123456789'],
    ['', ''],
  ])('%p → %p', (input, output) => {
    expect(normalisePhone(input)).toBe(output);
  });

  it('is idempotent', () => {
    for (const input of ['07123 456789', '447123456789', '7123456789', '+1 201 555 0123', '12345']) {
      const once = normalisePhone(input);
      expect(normalisePhone(once)).toBe(once);
    }
  });
});

describe('PHONE_PATTERN (spec section 5: +, 1-4 digit code, an optional space, 7-15 digits)', () => {
  it.each([
    '+44 1234567', // 7 digits
    '+44 123456789012345', // 15 digits
    '+1 2015550123', // 1-digit code
    '+1234 1234567', // 4-digit code
    '+447123456789', // no space
    '+353871234567',
  ])('accepts %p', (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(true);
  });

  it.each([
    ['+44 123456', '6 digits'],
    ['+44 1234567890123456', '16 digits'],
    ['+12345 1234567', 'a 5-digit code'],
    ['+ 1234567', 'no code'],
    ['44 7123456789', 'no plus'],
    ['+44  7123456789', 'two spaces'],
    ['+44-7123456789', 'a dash'],
    ['+44 7123 456789', 'a space inside the number'],
    ['+44 7123456789x', 'a trailing letter'],
    ['', 'nothing'],
  ])('refuses %p (%s)', (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(false);
  });
});

describe('isValidPhone (normalised, then the pattern)', () => {
  it.each([
    '07123 456789',
    '7123 456789',
    '447123456789',
    '+44 7123 456789',
    '+1 (201) 555-0123',
    '+353 87 123 4567',
    '+12345678', // 8 digits in all: the shortest a code and 7 digits can be
    '+1234123456789012345', // 19 digits in all: a 4-digit code and 15 digits
  ])('accepts %p', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['abc', 'no digits'],
    ['12345', 'too short, no code'],
    ['712345678', '9 digits without a code'],
    ['+4412345', 'too short with a code (7 digits in all)'],
    ['+12341234567890123456', 'too long (20 digits in all)'],
    ['0', 'a lone trunk 0'],
  ])('refuses %p (%s)', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+447123456789', '+44 7123 456789'],
    ['+442071234567', '+44 2071 234567'],
    ['+12015550123', '+1 201 555 0123'],
    // Anything else is shown as stored.
    ['+353871234567', '+353871234567'],
    ['+4471234567890', '+4471234567890'],
    ['+44712345678', '+44712345678'],
    ['+120155501234', '+120155501234'],
    ['', ''],
  ])('%p → %p', (stored, shown) => {
    expect(formatPhoneForDisplay(stored)).toBe(shown);
  });
});

describe('checkPhone (what the server stores)', () => {
  it.each([
    ['+44 7123 456789', '+447123456789'],
    ['+44 07123 456789', '+447123456789'],
    ['+39 06 1234 5678', '+390612345678'],
    ['+1 (201) 555-0123', '+12015550123'],
    ['07123 456789', '+447123456789'],
    ['+447123456789', '+447123456789'],
    ['+353871234567', '+353871234567'],
  ])('%p → %p', (input, stored) => {
    expect(checkPhone(input)).toBe(stored);
  });

  it.each([
    ['+44 123456', 'only 6 digits after the code the space sets apart'],
    ['+44123456', 'only 6 digits after +44'],
    ['+44 7123 4567890123456', 'over 15 digits after the code'],
    ['+44 7123 abc 456', 'letters'],
    ['+12345 7123456', 'a 5-digit code'],
    ['', 'nothing'],
  ])('refuses %p (%s)', (input) => {
    expect(checkPhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });
});
