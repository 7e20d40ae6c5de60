/**
 * The words of the passkey ceremonies (issue 31), kept apart from the service so they can be unit-tested: a
 * new passkey's default name, and why the library refused a browser's answer, said so a person knows what to
 * do. Pure functions: no database, no request.
 */
import { browserName } from '@/lib/auth/browser-name';
import { PASSKEY_NAME_MAX } from '@/lib/validation/passkeys';

/** 'Passkey on Chrome on Windows', from the browser that added it; plain 'Passkey' when it cannot be told. */
export function defaultPasskeyName(userAgent: string | null | undefined): string {
  const described = browserName(userAgent);
  if (described === 'An unknown browser') return 'Passkey';
  const words = described.replace(/^A browser on /, '').replace(/ on an unknown system$/, '');
  return `Passkey on ${words}`.slice(0, PASSKEY_NAME_MAX);
}

export const OTHER_ORIGIN_TEXT = (origin: string) =>
  `This passkey answer was made for another website address, so it was not accepted. Open ${origin} and try again there.`;
export const OTHER_CHALLENGE_TEXT =
  'This passkey answer belongs to another (older) request, so it was not accepted. Please try again.';
export const USER_NOT_VERIFIED_TEXT =
  'Your device did not confirm it was you (a PIN, fingerprint or face). Please try again and confirm when asked.';
export const NOT_VERIFIED_TEXT =
  'The passkey could not be verified. Please try again, or use another way in.';

/** Why @simplewebauthn/server refused an answer, in words; its own messages name values and are not shown. */
export function describeWebAuthnFailure(error: unknown, origin: string): string {
  const message = error instanceof Error ? error.message : '';
  const name = error instanceof Error ? error.name : '';
  if (/response origin|top origin|cross-origin/i.test(message) || name === 'UnexpectedRPIDHash') {
    return OTHER_ORIGIN_TEXT(origin);
  }
  if (/RP ID/i.test(message)) return OTHER_ORIGIN_TEXT(origin);
  if (/challenge/i.test(message)) return OTHER_CHALLENGE_TEXT;
  if (/user verification|user (was )?not present|presence/i.test(message)) return USER_NOT_VERIFIED_TEXT;
  return NOT_VERIFIED_TEXT;
}
