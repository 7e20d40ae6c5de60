import 'server-only';
import { tooManyRequests } from '@/lib/api/errors';
import {
  accountAddressKey,
  accountAddressPrefix,
  accountLimitKey,
  addressLimitKey,
  emailOfKey,
} from '@/lib/auth/login-keys';
import { dummyHash, verifyPassword } from '@/lib/auth/password';
import { db } from '@/lib/db';

import { clearEvents, forgetEvents, takeLimits, type Limit } from './rate-limit';

export { accountLimitKey, accountAddressKey };

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account from one address, and per address whatever the account, in the window. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

const limit = (key: string, max: number, record = true): Limit => ({
  key,
  max,
  windowMs: LOGIN_WINDOW_MS,
  record,
});

const inMinutes = (wait: number) => {
  const minutes = Math.ceil(wait / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Checks a username (the account's email, any case) and password, under three limits: failures to the account
 * from this address (5), failures from this address to any account (20), and the account's wrong current
 * passwords at a password change (checked only; see accountLimitKey).
 *
 * The attempt is recorded first, in one atomic step with the count (rate-limit.ts), and only then is the
 * password looked at: 429 when a limit was already used up, so however many wrong passwords arrive at once, at
 * most the limit of them are ever evaluated (issue 28, point 3). A failure stays recorded before the answer
 * goes out. A right password clears the account-and-address count and takes back its own address event (a
 * whole office signing in from one address must not use the address's allowance up). Returns the account, or
 * null when wrong.
 */
export async function verifyCredentials(username: string, password: string, ip: string) {
  const email = username.trim().toLowerCase();
  const pairKey = accountAddressKey(email, ip);
  const taken = await takeLimits([
    limit(pairKey, LOGIN_MAX_FAILURES_PER_ACCOUNT),
    limit(addressLimitKey(ip), LOGIN_MAX_FAILURES_PER_ADDRESS),
    limit(accountLimitKey(email), LOGIN_MAX_FAILURES_PER_ACCOUNT, false),
  ]);
  if (taken.wait > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${inMinutes(taken.wait)}.`,
      taken.wait,
    );
  }
  const user = await db.staffUser.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) return null;
  await clearEvents(pairKey);
  await forgetEvents(taken.eventIds);
  return user;
}

/**
 * Checks a second factor (a code from the authenticator app, a recovery code) of an account under the same
 * limits as its password (issue 31): a wrong code counts as a wrong password does, recorded before the code is
 * looked at (429 once a limit is used up), and a right one takes its events back as a right password does.
 * `check` looks at the code (and uses it up when right); answers whether it was right.
 */
export async function verifySecondFactor(
  email: string,
  ip: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const pairKey = accountAddressKey(email, ip);
  const taken = await takeLimits([
    limit(pairKey, LOGIN_MAX_FAILURES_PER_ACCOUNT),
    limit(addressLimitKey(ip), LOGIN_MAX_FAILURES_PER_ADDRESS),
    limit(accountLimitKey(email), LOGIN_MAX_FAILURES_PER_ACCOUNT, false),
  ]);
  if (taken.wait > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${inMinutes(taken.wait)}.`,
      taken.wait,
    );
  }
  if (!(await check())) return false;
  await clearEvents(pairKey);
  await forgetEvents(taken.eventIds);
  return true;
}

/**
 * Checks the current password of a signed-in account before a password change, under the account's own limit
 * (5 in 15 minutes), recorded before the password is looked at as at sign-in: 429 once it is used up; a right
 * password clears the count. While it is used up, the account's sign-in waits too.
 */
export async function verifyCurrentPassword(
  account: { email: string; passwordHash: string },
  password: string,
): Promise<boolean> {
  const key = accountLimitKey(account.email);
  const taken = await takeLimits([limit(key, LOGIN_MAX_FAILURES_PER_ACCOUNT)]);
  if (taken.wait > 0) {
    throw tooManyRequests(
      `Too many wrong passwords for this account. Please try again in ${inMinutes(taken.wait)}.`,
      taken.wait,
    );
  }
  const ok = await verifyPassword(account.passwordHash, password);
  if (ok) await clearEvents(key);
  return ok;
}

/**
 * When each locked account (by email) unlocks. An account is locked, from some address, while the window of
 * one of its account-and-address keys (or its password-change key) holds the maximum of failures, until the
 * oldest of those leaves the window; the latest such time is given. One read for the whole list.
 */
export async function lockedUntil(emails: string[], now = new Date()): Promise<Map<string, Date>> {
  const locked = new Map<string, Date>();
  if (emails.length === 0) return locked;
  const wanted = new Set(emails.map((e) => e.trim().toLowerCase()));
  const accountKeys = emails.map(accountLimitKey);
  const prefixes = emails.map(accountAddressPrefix);
  const rows = await db.$queryRaw<{ key: string; createdAt: Date }[]>`
    SELECT "key", "createdAt" FROM (
      SELECT "key", "createdAt",
             row_number() OVER (PARTITION BY "key" ORDER BY "createdAt" DESC) AS n
      FROM "rate_limit_events"
      WHERE "createdAt" > ${new Date(now.getTime() - LOGIN_WINDOW_MS)}
        AND ("key" = ANY(${accountKeys}::text[])
             OR EXISTS (SELECT 1 FROM unnest(${prefixes}::text[]) AS p WHERE starts_with("key", p)))
    ) e WHERE n = ${LOGIN_MAX_FAILURES_PER_ACCOUNT}`;
  for (const row of rows) {
    const email = emailOfKey(row.key) ?? row.key.slice('login:account:'.length);
    if (!wanted.has(email)) continue;
    const until = new Date(row.createdAt.getTime() + LOGIN_WINDOW_MS);
    const known = locked.get(email);
    if (!known || until > known) locked.set(email, until);
  }
  // Keyed as the caller spelled each email.
  const result = new Map<string, Date>();
  for (const email of emails) {
    const until = locked.get(email.trim().toLowerCase());
    if (until) result.set(email, until);
  }
  return result;
}

/**
 * A full admin's unlock: forgets the account's failed attempts from every address (and its wrong current
 * passwords), so it can sign in again at once.
 */
export async function unlockAccount(email: string): Promise<void> {
  await db.$executeRaw`
    DELETE FROM "rate_limit_events"
    WHERE "key" = ${accountLimitKey(email)} OR starts_with("key", ${accountAddressPrefix(email)})`;
}
