import { limitAddress } from '../api/client-ip';

/**
 * The keys sign-in's limits count under (rate_limit_events.key), shared by the app (lib/services/login.ts) and
 * the command line's unlock (scripts/unlock-user.ts), which cannot import a server-only module.
 */

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Wrong current passwords at a password change, per account: only someone signed in to the account can add
 * to it, and while it is used up the account's sign-in waits too, from every address.
 */
export const accountLimitKey = (email: string) => `login:account:${normalEmail(email)}`;

/**
 * The start of every account-and-address key of one account. The email is percent-encoded, so it holds no ':'
 * and no username can be written to fall under another account's prefix.
 */
export const accountAddressPrefix = (email: string) =>
  `login:account-address:${encodeURIComponent(normalEmail(email))}:`;

/**
 * Failed sign-ins to one account from one address (an IPv6 /64 being one address): the lock-out counts here,
 * so a stranger elsewhere cannot lock a colleague out (issue 28, point 4).
 */
export const accountAddressKey = (email: string, address: string) =>
  `${accountAddressPrefix(email)}${limitAddress(address)}`;

/** Failed sign-ins from one address, whatever the account. */
export const addressLimitKey = (address: string) => `login:ip:${limitAddress(address)}`;

/** The account an account-and-address key counts for (its email), or null for any other key. */
export function emailOfKey(key: string): string | null {
  const match = /^login:account-address:([^:]*):/.exec(key);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
