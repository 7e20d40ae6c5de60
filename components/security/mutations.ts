'use client';

import { useMutation } from '@tanstack/react-query';
import { endpointMutation } from '@/lib/contract/client';
import * as passkeys from '@/lib/contract/passkeys';
import * as secondFactor from '@/lib/contract/second-factor';

/**
 * Settings → Security's changes (issue 31), one named mutation each. Their declarations invalidate 'user', so
 * the page's summary (secondFactorsQuery) is asked for again after each.
 */

/** POST /api/account/totp: a new secret to set up the authenticator app with. */
export function useStartTotp() {
  return useMutation(endpointMutation(secondFactor.startTotp));
}

/** POST /api/account/totp/verify: the app's first code enables it; answers recovery codes (once). */
export function useConfirmTotp() {
  return useMutation(endpointMutation(secondFactor.confirmTotp));
}

/** DELETE /api/account/totp: signing in no longer asks for the app's code. */
export function useRemoveTotp() {
  return useMutation(endpointMutation(secondFactor.removeTotp));
}

/** POST /api/account/recovery-codes: ten new codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  return useMutation(endpointMutation(secondFactor.newRecoveryCodes));
}

/** POST /api/account/step-up: a code confirms it is you before paying or the bank file. */
export function useStepUpByCode() {
  return useMutation(endpointMutation(secondFactor.stepUp));
}

/** POST /api/account/passkeys/options: the options the browser creates a passkey with (the challenge kept). */
export function usePasskeyOptions() {
  return useMutation(endpointMutation(passkeys.registrationOptions));
}

/** POST /api/account/passkeys: the browser's answer checked and the passkey kept (recovery codes if first). */
export function useAddPasskey() {
  return useMutation(endpointMutation(passkeys.add));
}

/** PATCH /api/account/passkeys/{id}: a new name. */
export function useRenamePasskey() {
  return useMutation(endpointMutation(passkeys.rename));
}

/** DELETE /api/account/passkeys/{id}: it can no longer sign in. */
export function useRemovePasskey() {
  return useMutation(endpointMutation(passkeys.remove));
}
