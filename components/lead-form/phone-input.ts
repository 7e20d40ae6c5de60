import { COUNTRY_CODES, formatPhoneInput, type CountryCode } from '@/lib/validation/phone';

/**
 * The lead form's phone number box as the visitor types (spec section 5, 'Phone entry'): digits only, spaced
 * by formatPhoneInput for the chosen country, with the caret kept where the visitor is typing. Pure, so that
 * every edit can be tested without a browser.
 */

export type CountryIso = CountryCode['iso'];

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The national number for display: formatPhoneInput's groups, with a national trunk 0 kept in front of them,
 * so that '07123456789' reads '07123 456789' as Britons write it (composePhone drops that 0 when sending).
 * Italian numbers keep their 0 as part of the number and are not spaced.
 */
export function formatNationalNumber(value: string, iso: CountryIso): string {
  const digits = digitsOf(value);
  if (iso !== 'IT' && digits.startsWith('0')) return `0${formatPhoneInput(digits.slice(1), iso)}`;
  return formatPhoneInput(digits, iso);
}

/** Where the caret goes in `formatted` so that it follows the same number of digits as before. */
function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitCount) return i + 1;
  }
  return formatted.length;
}

export interface PhoneEdit {
  /** The box's value before this edit (already formatted). */
  previous: string;
  /** The box's value as the browser left it after the edit (typed, pasted, deleted or autofilled). */
  raw: string;
  /** The caret in `raw` (selectionStart), or null when the browser does not say. */
  caret: number | null;
  iso: CountryIso;
  /** InputEvent.inputType, when known: tells Delete from Backspace when a space was deleted. */
  inputType?: string;
}

export interface PhoneEditResult {
  value: string;
  caret: number;
}

/**
 * Applies one edit to the phone box: keeps the digits, formats them and puts the caret after the same digits.
 * Deleting one of the spaces the form put in deletes the digit beside it instead, as a visitor expects
 * (otherwise the space would come straight back and Backspace would seem stuck).
 */
export function applyPhoneEdit({ previous, raw, caret, iso, inputType }: PhoneEdit): PhoneEditResult {
  let text = raw;
  let at = caret ?? raw.length;
  const deletedOnlyASpace =
    raw.length === previous.length - 1 && digitsOf(raw) === digitsOf(previous) && raw.length > 0;
  if (deletedOnlyASpace) {
    if (inputType === 'deleteContentForward') {
      // Delete removed the space after the caret: remove the next digit too.
      const next = text.slice(at).search(/\d/);
      if (next >= 0) text = text.slice(0, at + next) + text.slice(at + next + 1);
    } else {
      // Backspace removed the space before the caret: remove the digit before it.
      const before = text.slice(0, at);
      const last = before.search(/\d\D*$/);
      if (last >= 0) {
        text = text.slice(0, last) + text.slice(last + 1);
        at = last;
      }
    }
  }
  const digitsBefore = digitsOf(text.slice(0, at)).length;
  const value = formatNationalNumber(text, iso);
  return { value, caret: Math.min(caretAfterDigits(value, digitsBefore), value.length) };
}

/**
 * A whole international number pasted or autofilled into the box ('+44 7123 456789', '0044 7123 456789',
 * '+1 (201) 555-0123'): the country it names, and the national number without its code. The country chosen
 * already wins when it shares the code (+1: the United States and Canada). Null for anything else.
 */
export function splitInternationalNumber(
  value: string,
  currentIso: CountryIso,
): { iso: CountryIso; national: string } | null {
  const trimmed = value.trim();
  if (!/^(\+|00)/.test(trimmed)) return null;
  const digits = digitsOf(trimmed.startsWith('+') ? trimmed : trimmed.slice(2));
  const candidates = [...COUNTRY_CODES]
    .filter((c) => digits.startsWith(c.dial.slice(1)))
    .sort((a, b) => b.dial.length - a.dial.length);
  const longest = candidates[0];
  if (!longest) return null;
  const sameCode = candidates.filter((c) => c.dial === longest.dial);
  const country = sameCode.find((c) => c.iso === currentIso) ?? longest;
  const national = digits.slice(country.dial.length - 1);
  if (!national) return null;
  return { iso: country.iso, national: formatNationalNumber(national, country.iso) };
}
