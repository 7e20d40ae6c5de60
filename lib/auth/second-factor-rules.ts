/**
 * Issue 31: when a full admin's second factor is needed, as pure rules (unit-tested; the server applies them
 * in lib/auth/money-guard.ts). Safe for the browser: the texts are shown by the screens too.
 *
 * - Reading bank details, approving a bank-detail change, paying (one, Pay All, undo) and the bank file or a
 *   CSV with bank details need a second factor set up (a passkey or an authenticator app) — unless the operator
 *   turned the rule off in the environment, or the account is an upgraded install's admin still in its 14 days'
 *   grace.
 * - Paying and the bank file also need a second factor USED in this session within the last 12 hours: signing
 *   in with it, or confirming it again (a step-up). An admin in grace with no factor has none to use: the grace
 *   covers that too.
 */
export const SET_UP_SECOND_FACTOR_TEXT =
  'Set up a passkey or an authenticator app first (Settings → Security)';
export const STEP_UP_TEXT =
  'Confirm it’s you first: paying and the bank file need your passkey or authenticator app used in the last 12 hours.';
export const STEP_UP_HOURS = 12;

export interface FactorState {
  isFullAdmin: boolean;
  hasSecondFactor: boolean;
  secondFactorAt: Date | null;
  secondFactorGraceUntil: Date | null;
}

export type FactorVerdict = 'ok' | 'set-up' | 'step-up';

function inGrace(user: FactorState, now: Date): boolean {
  return user.secondFactorGraceUntil !== null && user.secondFactorGraceUntil > now;
}

/** Whether the account may read bank details and approve changes: 'ok' or 'set-up'. */
export function factorVerdict(user: FactorState, required: boolean, now = new Date()): 'ok' | 'set-up' {
  if (!required || !user.isFullAdmin || user.hasSecondFactor || inGrace(user, now)) return 'ok';
  return 'set-up';
}

/** Whether the account may pay or download the bank file now: also a factor used within STEP_UP_HOURS. */
export function moneyVerdict(user: FactorState, required: boolean, now = new Date()): FactorVerdict {
  const base = factorVerdict(user, required, now);
  if (base !== 'ok' || !required || !user.isFullAdmin) return base;
  if (!user.hasSecondFactor) return 'ok'; // in grace, with nothing to use
  const recent =
    user.secondFactorAt !== null && now.getTime() - user.secondFactorAt.getTime() < STEP_UP_HOURS * 3_600_000;
  return recent ? 'ok' : 'step-up';
}

/** Whether the banner asking a full admin to set up a second factor shows, and until when the grace runs. */
export function setUpBanner(
  user: FactorState,
  required: boolean,
  now = new Date(),
): { show: false } | { show: true; graceUntil: Date | null } {
  if (!required || !user.isFullAdmin || user.hasSecondFactor) return { show: false };
  return { show: true, graceUntil: inGrace(user, now) ? user.secondFactorGraceUntil : null };
}
