import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { encryptionKey } from '@/lib/env';
import { MESSAGE_KINDS, type MessageKindText } from './kinds';

/**
 * The unsubscribe link's token: the kind and the address, signed with a key derived from ENCRYPTION_KEY, so
 * a link turns off one kind of message for the one address it was sent to, and no one can make another.
 */
function signature(payload: string): Buffer {
  const key = createHmac('sha256', encryptionKey()).update('unsubscribe:v1').digest();
  return createHmac('sha256', key).update(payload).digest().subarray(0, 18);
}

export function unsubscribeToken(email: string, kind: MessageKindText): string {
  const payload = `${kind}:${email.toLowerCase()}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(payload).toString('base64url')}`;
}

export function readUnsubscribeToken(token: string): { email: string; kind: MessageKindText } | null {
  const [body, sig] = token.split('.');
  if (!body || !sig || token.length > 600) return null;
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon) as MessageKindText;
  const email = payload.slice(colon + 1);
  if (!MESSAGE_KINDS.includes(kind) || !email.includes('@')) return null;
  return { email, kind };
}

/** The page that asks a person before turning a kind off: the link in the message's footer. */
export const unsubscribePagePath = (token: string) => `/unsubscribe/${token}`;

/**
 * The address the List-Unsubscribe header names (RFC 8058 one-click): a mail provider POSTs
 * `List-Unsubscribe=One-Click` to it, without cookies or Origin, and the unsubscribe is recorded there. A person
 * whose mail app opens it instead (GET) is sent on to the page.
 */
export const oneClickUnsubscribePath = (token: string) => `/api/unsubscribe/${token}`;

/**
 * Unsubscribe calls per caller's address and hour: `UNSUBSCRIBE_RATE_LIMIT_PER_HOUR`, default 120, higher than
 * the bank-details link's 30 because one-click unsubscribes come from the mail providers' own servers, where
 * many people's clicks share an address.
 */
export function unsubscribeRateLimitPerHour(): number {
  const value = Number(process.env.UNSUBSCRIBE_RATE_LIMIT_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 120;
}
