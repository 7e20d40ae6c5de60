import 'server-only';
import { tooManyRequests } from '@/lib/api/errors';
import { dummyHash, verifyPassword } from '@/lib/auth/password';
import { db } from '@/lib/db';

import { clearEvents, recordEvent, retryAfterSeconds, type Limit } from './rate-limit';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account, and per address, in the window. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

function limits(email: string, ip: string): Limit[] {
  return [
    { key: `login:account:${email}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS },
    { key: `login:ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS },
  ];
}

/**
 * Checks a username (the account's email, any case) and password. Too many recent failures for the account
 * or the address → 429 before the password is even looked at. Returns the account, or null when wrong.
 */
export async function verifyCredentials(username: string, password: string, ip: string) {
  const email = username.trim().toLowerCase();
  const checks = limits(email, ip);
  const wait = await retryAfterSeconds(checks);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
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
