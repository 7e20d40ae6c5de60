/**
 * Passkeys (WebAuthn, issue 31): registering, naming and removing them, and signing in or stepping up with one.
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 *
 * Each ceremony is two calls: the options (which start a short-lived state in an HttpOnly cookie holding the
 * challenge), then the browser's answer, checked against that challenge, the app's origin and its relying
 * party id (both from APP_URL, never from the request's Host).
 */
import { currentUserSchema } from '@/lib/dto/auth';
import {
  addedPasskeySchema,
  authenticationOptionsSchema,
  passkeySchema,
  passkeyStepUpSchema,
  registrationOptionsSchema,
} from '@/lib/dto/passkeys';
import { idParamSchema } from '@/lib/validation/params';
import { addPasskeySchema, passkeyAssertionSchema, renamePasskeySchema } from '@/lib/validation/passkeys';
import { endpoint } from './endpoint';

const TAG = 'Staff accounts';
export const PASSKEY_NOT_FOUND = 'That passkey does not exist (it may have been removed already).';

export const list = endpoint({
  method: 'GET',
  path: '/api/account/passkeys',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: "The signed-in account's passkeys, oldest first.",
  response: passkeySchema.array(),
});

export const registrationOptions = endpoint({
  method: 'POST',
  path: '/api/account/passkeys/options',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Start adding a passkey: the options for navigator.credentials.create().',
  description:
    'Answers PublicKeyCredentialCreationOptionsJSON for the signed-in account (its existing passkeys ' +
    'excluded, so one authenticator is not added twice) and sets a short-lived cookie (10 minutes) holding ' +
    'the challenge, for this session only. Send the browser’s answer to POST /api/account/passkeys.',
  response: registrationOptionsSchema,
});

export const add = endpoint({
  method: 'POST',
  path: '/api/account/passkeys',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Finish adding a passkey: checks the browser’s answer and keeps the passkey.',
  description:
    'Send `response` (what startRegistration() answered) and an optional `name` (1–60 characters; left out, ' +
    'the passkey is named after the browser). The answer must be to this session’s latest options, made on ' +
    'this app’s address, within 10 minutes. When this is the account’s first second factor, the answer also ' +
    'holds ten recovery codes, shown this once.',
  body: addPasskeySchema,
  maxBodyBytes: 64 * 1024,
  response: addedPasskeySchema,
  status: 201,
  errors: {
    400:
      'The input is not valid; the answer is for another website address or another (older) request; or the ' +
      'request timed out: start again.',
    409: 'This passkey is already registered.',
  },
  invalidates: ['user'],
});

export const rename = endpoint({
  method: 'PATCH',
  path: '/api/account/passkeys/{id}',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Rename one of your passkeys.',
  params: idParamSchema,
  body: renamePasskeySchema,
  response: passkeySchema,
  notFoundMessage: PASSKEY_NOT_FOUND,
  errors: { 404: `${PASSKEY_NOT_FOUND} Only your own passkeys can be renamed.` },
  invalidates: ['user'],
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/account/passkeys/{id}',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Remove one of your passkeys.',
  description:
    'It can no longer sign in. When it was the account’s last second factor (no other passkey and no ' +
    'authenticator app), its recovery codes go too.',
  params: idParamSchema,
  notFoundMessage: PASSKEY_NOT_FOUND,
  errors: { 404: `${PASSKEY_NOT_FOUND} Only your own passkeys can be removed.` },
  invalidates: ['user'],
});

export const loginOptions = endpoint({
  method: 'POST',
  path: '/api/login/passkey/options',
  access: 'public',
  tag: TAG,
  area: 'user',
  summary: 'Start signing in with a passkey: the options for navigator.credentials.get().',
  description:
    'After a right password (the browser holds the second step’s cookie of POST /api/login), the options ' +
    'name that account’s passkeys: the passkey is the second step. Otherwise they name none, for a passkey ' +
    'alone (a discoverable credential), which must then verify its user (a PIN, a fingerprint). Sets a ' +
    'short-lived cookie (5 minutes) holding the challenge; send the answer to POST /api/login/passkey.',
  response: authenticationOptionsSchema,
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login/passkey',
  access: 'public',
  tag: TAG,
  area: 'user',
  summary: 'Finish signing in with a passkey: starts a session and sets its cookie.',
  description:
    'Send `response` (what startAuthentication() answered). A right answer starts a session as POST ' +
    '/api/login does and answers the account. Failures count towards the address’s sign-in limit (20 in 15 ' +
    'minutes), as wrong passwords do.',
  body: passkeyAssertionSchema,
  response: currentUserSchema,
  errors: {
    400: 'The input is not valid; the answer is for another website address or request; or it timed out.',
    401:
      'The passkey is not registered here, belongs to another account than the password, could not be ' +
      'verified, or may have been copied (its use counter went backwards); or the password step timed out.',
    429: 'Too many failed sign-in attempts: try again after Retry-After seconds.',
  },
  invalidates: ['user'],
});

export const stepUpOptions = endpoint({
  method: 'POST',
  path: '/api/account/step-up/passkey/options',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Confirm it is you with a passkey before money moves: the options.',
  description:
    'The options name the signed-in account’s passkeys; the challenge is kept for this session (5 minutes). ' +
    'Send the answer to POST /api/account/step-up/passkey.',
  response: authenticationOptionsSchema,
  errors: { 409: 'The account has no passkey: use the authenticator app instead, or add a passkey.' },
});

export const stepUp = endpoint({
  method: 'POST',
  path: '/api/account/step-up/passkey',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Confirm it is you with a passkey: this session may pay for the next 12 hours.',
  description:
    'Send `response` (what startAuthentication() answered). A right answer with one of your own passkeys ' +
    'marks this session’s second factor as used now.',
  body: passkeyAssertionSchema,
  response: passkeyStepUpSchema,
  errors: {
    400:
      'The input is not valid; the passkey is not one of yours, could not be verified or may have been ' +
      'copied; the answer is for another address or request; or it timed out.',
  },
  invalidates: ['user', 'payments'],
});
