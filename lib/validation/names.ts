/**
 * Names and other short text that people type (issue 28, points 7 and 11). Plain functions with no schema
 * library and no service import: the public lead form runs them in the browser, every zod schema in
 * lib/validation refines with them, and the coming client import checks its rows with them.
 */

export const INVISIBLE_NAME_TEXT = 'Names cannot contain invisible or control characters.';
export const INVISIBLE_TEXT_TEXT = 'Text cannot contain invisible or control characters.';

/**
 * Characters nobody types into a name, which can only hide or disguise text: controls (C0 such as ESC, DEL, C1),
 * format characters (the bidi embeddings, overrides and isolates U+202A-202E and U+2066-2069, the marks U+200E,
 * U+200F and U+061C, zero-width space, joiners and U+2060, U+FEFF, the soft hyphen, tag characters), line and
 * paragraph separators (U+2028, U+2029), lone surrogates, and the blank 'letters' (Hangul fillers, U+034F) used
 * to make a name look empty. A right-to-left name is fine as typed: its direction comes from its letters, so
 * 'New referral: Amy \u202Etxt.exe' could only be written with a character refused here.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0]/u;

/** True when the text holds none of the characters above (a zod `.refine` predicate). */
export function isVisibleText(value: string): boolean {
  return !INVISIBLE.test(value);
}

/**
 * The friend's first name as the acknowledgement email may greet them (issue 28, point 7), or null for 'Hello,'.
 * The email goes to any address a stranger types, from the clinic's own server, so it repeats nothing beyond a
 * plain first name: letters (accented ones and their combining marks too) in at most three words joined by
 * spaces, hyphens or apostrophes, 40 characters at most. Anything else ('Your account is suspended: verify
 * at https://…', digits, dots, colons, slashes, a sentence) is not a first name and is left out.
 */
export const PLAIN_FIRST_NAME_MAX = 40;
const PLAIN_FIRST_NAME =
  /^\p{L}\p{M}*(?:[\p{L}\p{M}]|[-'’](?=\p{L}))*(?: \p{L}\p{M}*(?:[\p{L}\p{M}]|[-'’](?=\p{L}))*){0,2}$/u;

export function plainFirstName(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().replace(/ {2,}/g, ' ');
  if (name.length === 0 || name.length > PLAIN_FIRST_NAME_MAX) return null;
  return PLAIN_FIRST_NAME.test(name) ? name : null;
}
