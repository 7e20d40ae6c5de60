/**
 * Phone numbers on the lead form and in manual entry (spec section 5, 'Phone entry' and 'Submit
 * normalisation'). Shared by the browser (as the visitor types) and the server (whatever the browser sent).
 */

export interface CountryCode {
  /** ISO 3166 code: the selector's key, since the US and Canada share +1. */
  iso: 'GB' | 'US' | 'IE' | 'FR' | 'DE' | 'ES' | 'IT' | 'AU' | 'CA';
  dial: string;
  name: string;
}

/** The selector's choices, in the spec's order; GB first and the default. */
export const COUNTRY_CODES: readonly CountryCode[] = [
  { iso: 'GB', dial: '+44', name: 'United Kingdom' },
  { iso: 'US', dial: '+1', name: 'United States' },
  { iso: 'IE', dial: '+353', name: 'Ireland' },
  { iso: 'FR', dial: '+33', name: 'France' },
  { iso: 'DE', dial: '+49', name: 'Germany' },
  { iso: 'ES', dial: '+34', name: 'Spain' },
  { iso: 'IT', dial: '+39', name: 'Italy' },
  { iso: 'AU', dial: '+61', name: 'Australia' },
  { iso: 'CA', dial: '+1', name: 'Canada' },
];
export const DEFAULT_COUNTRY: CountryCode['iso'] = 'GB';
/** The longest national number the spec's pattern allows. */
export const MAX_PHONE_DIGITS = 15;

export function countryByIso(iso: string): CountryCode {
  return COUNTRY_CODES.find((c) => c.iso === iso) ?? COUNTRY_CODES[0]!;
}

/**
 * The national number as typed (spec section 5): digits only, at most 15; GB spaced after the 4th and the
 * 10th digit (7123 456789), US and Canada 3-3-4 (201 555 0123), other countries unspaced.
 */
export function formatPhoneInput(value: string, iso: CountryCode['iso']): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS);
  const groups = iso === 'GB' ? [4, 6] : iso === 'US' || iso === 'CA' ? [3, 3, 4] : ([] as number[]);
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/**
 * The whole number the form sends: '+44 7123456789'. A national trunk 0 (07123 456789 typed with +44
 * chosen) is dropped, as it is never dialled after a country code; Italian numbers keep theirs.
 */
export function composePhone(national: string, iso: CountryCode['iso']): string {
  let digits = national.replace(/\D/g, '');
  if (iso !== 'IT') digits = digits.replace(/^0+/, '');
  if (!digits) return '';
  return `${countryByIso(iso).dial} ${digits}`;
}

/** Spec section 5: a plus sign, 1 to 4 digits of country code, an optional space, then 7 to 15 digits. */
export const PHONE_PATTERN = /^\+\d{1,4} ?\d{7,15}$/;

/**
 * Submit normalisation (spec section 5): keep digits and plus signs; a leading 0 becomes +44, a leading 44
 * gains its +, and a longer number (10 or more characters) without any country code is taken as British.
 *
 * Done differently: the earlier app also prefixed +44 to numbers that already had another country's code
 * (+1 201 ...), which the selector offers; a number that starts with + keeps its own code here.
 */
export function normalisePhone(value: string): string {
  let phone = value.replace(/[^\d+]/g, '');
  if (phone.startsWith('0')) phone = `+44${phone.slice(1)}`;
  else if (phone.startsWith('44')) phone = `+${phone}`;
  else if (!phone.startsWith('+') && phone.length >= 10) phone = `+44${phone}`;
  return phone;
}

/**
 * The number to store, or null when it is not a valid phone number. The spec's pattern (a plus sign, 1 to 4
 * digits of country code, an optional space, then 7 to 15 digits) is ambiguous once the space is gone, so the
 * space is read where it was given: '+44 123456' is a 6-digit number after +44, and refused. Without a space a
 * British number (+44...) must have 7 to 15 digits after its code; others must match the pattern as a whole.
 */
export function checkPhone(value: string): string | null {
  const spaced = /^\s*\+(\d+)\s+(\S.*)$/.exec(value);
  if (spaced) {
    const code = spaced[1]!;
    let national = spaced[2]!.replace(/[^\d]/g, '');
    if (code !== '39') national = national.replace(/^0+/, '');
    if (code.length > 4 || /[^\d\s().-]/.test(spaced[2]!) || !/^\d{7,15}$/.test(national)) return null;
    return `+${code}${national}`;
  }
  const phone = normalisePhone(value);
  if (phone.startsWith('+44')) return /^\d{7,15}$/.test(phone.slice(3)) ? phone : null;
  return PHONE_PATTERN.test(phone) ? phone : null;
}

/** Whether a number is valid (see checkPhone). */
export function isValidPhone(value: string): boolean {
  return checkPhone(value) !== null;
}
