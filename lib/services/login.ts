import 'server-only';
import { tooManyRequests } from '@/lib/api/errors';
import { dummyHash, verifyPassword } from '@/lib/auth/password';
import { db } from '@/lib/db';

import { clearEvents, recordEvent, retryAfterSeconds, type Limit } from './rate-limit';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account, and per address, in the window. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

/**
 * The account's failed-password counter. Wrong passwords at sign-in and wrong current passwords at a password
 * change both count here, so the account locks after five of either, and a full admin's unlock clears it.
 */
export const accountLimitKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;

const accountLimit = (email: string): Limit => ({
  key: accountLimitKey(email),
  max: LOGIN_MAX_FAILURES_PER_ACCOUNT,
  windowMs: LOGIN_WINDOW_MS,
});

function limits(email: string, ip: string): Limit[] {
  return [
    accountLimit(email),
    { key: `login:ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS },
  ];
}

const inMinutes = (wait: number) => {
  const minutes = Math.ceil(wait / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Checks a username (the account's email, any case) and password. Too many recent failures for the account
 * or the address → 429 before the password is even looked at. Returns the account, or null when wrong.
 */
export async function verifyCredentials(username: string, password: string, ip: string) {
  const email = username.trim().toLowerCase();
  const checks = limits(email, ip);
  const wait = await retryAfterSeconds(checks);
  if (wait > 0) {
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${inMinutes(wait)}.`, wait);
  }
  const user = await db.staffUser.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    await recordEvent(checks.map((c) => c.key));
    return null;
  }
  await clearEvents(checks[0]!.key);
  return user;
}

/**
 * Checks the current password of a signed-in account before a password change, under the same per-account
 * limit as sign-in: 429 once it is used up; a wrong password counts, a right one clears the count.
 */
export async function verifyCurrentPassword(
  account: { email: string; passwordHash: string },
  password: string,
): Promise<boolean> {
  const limit = accountLimit(account.email);
  const wait = await retryAfterSeconds([limit]);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many wrong passwords for this account. Please try again in ${inMinutes(wait)}.`,
      wait,
    );
  }
  const ok = await verifyPassword(account.passwordHash, password);
  if (ok) await clearEvents(limit.key);
  else await recordEvent([limit.key]);
  return ok;
}

/**
 * When each locked account (by email) unlocks: an account is locked while its window holds the maximum of
 * failures, until the oldest of those leaves the window. One read for the whole list.
 */
export async function lockedUntil(emails: string[], now = new Date()): Promise<Map<string, Date>> {
  const locked = new Map<string, Date>();
  if (emails.length === 0) return locked;
  const keys = emails.map(accountLimitKey);
  const rows = await db.$queryRaw<{ key: string; createdAt: Date }[]>`
    SELECT "key", "createdAt" FROM (
      SELECT "key", "createdAt",
             row_number() OVER (PARTITION BY "key" ORDER BY "createdAt" DESC) AS n
      FROM "rate_limit_events"
      WHERE "key" = ANY(${keys}::text[]) AND "createdAt" > ${new Date(now.getTime() - LOGIN_WINDOW_MS)}
    ) e WHERE n = ${LOGIN_MAX_FAILURES_PER_ACCOUNT}`;
  const byKey = new Map(rows.map((r) => [r.key, r.createdAt]));
  for (const email of emails) {
    const edge = byKey.get(accountLimitKey(email));
    if (edge) locked.set(email, new Date(edge.getTime() + LOGIN_WINDOW_MS));
  }
  return locked;
}

/** A full admin's unlock: forgets the account's failed attempts, so it can sign in again at once. */
export async function unlockAccount(email: string): Promise<void> {
  await clearEvents(accountLimitKey(email));
}
