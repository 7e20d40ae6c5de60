import { ApiError } from './api';

/**
 * Issue 31: a refusal that asks for a second factor (403 with `secondFactor: 'set-up' | 'step-up'`, from
 * lib/auth/money-guard.ts) opens the staff app's prompt (components/security/second-factor-prompt.tsx) wherever
 * it happened: a mutation's (the query client reports every failed change here) or a call a screen makes
 * itself (the bank file's check). The prompt sets one up or confirms it; the person then does again what they
 * were doing.
 */
export type SecondFactorNeed = 'set-up' | 'step-up';
export const SECOND_FACTOR_EVENT = 'second-factor-needed';

export function secondFactorNeed(error: unknown): SecondFactorNeed | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const need = error.body.secondFactor;
  return need === 'set-up' || need === 'step-up' ? need : null;
}

/** Opens the prompt when `error` asks for a second factor; true when it did. */
export function noticeSecondFactor(error: unknown): boolean {
  const need = secondFactorNeed(error);
  if (!need || typeof window === 'undefined') return false;
  window.dispatchEvent(new CustomEvent<SecondFactorNeed>(SECOND_FACTOR_EVENT, { detail: need }));
  return true;
}
