import 'server-only';
import { HttpError } from '@/lib/api/errors';
import { requireAdminSecondFactor } from '@/lib/env';
import type { SessionUser } from './session';
import { factorVerdict, moneyVerdict, SET_UP_SECOND_FACTOR_TEXT, STEP_UP_TEXT } from './second-factor-rules';

/**
 * The server's half of issue 31's enforcement (the rules: lib/auth/second-factor-rules.ts). Called by the routes
 * that read bank details or move money, after the route's own access check; each refusal is a 403 in words,
 * with `secondFactor: 'set-up' | 'step-up'` so a screen can offer the right next step.
 */
export function requireSecondFactor(user: SessionUser): void {
  if (factorVerdict(user, requireAdminSecondFactor()) === 'set-up') {
    throw new HttpError(403, SET_UP_SECOND_FACTOR_TEXT, { secondFactor: 'set-up' });
  }
}

/** Paying and the bank file: a second factor set up and used in this session within the last 12 hours. */
export function requireRecentSecondFactor(user: SessionUser): void {
  const verdict = moneyVerdict(user, requireAdminSecondFactor());
  if (verdict === 'set-up') throw new HttpError(403, SET_UP_SECOND_FACTOR_TEXT, { secondFactor: 'set-up' });
  if (verdict === 'step-up') throw new HttpError(403, STEP_UP_TEXT, { secondFactor: 'step-up' });
}

/** Whether the account sees bank details (decrypted) where a full admin would: false until its factor is set up. */
export function seesBankDetails(user: SessionUser): boolean {
  return user.isFullAdmin && factorVerdict(user, requireAdminSecondFactor()) === 'ok';
}
