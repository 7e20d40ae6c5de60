/**
 * Forgotten passwords (issue 31): the public request for a reset link and the link's use.
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
import { doneMessageSchema } from '@/lib/dto/auth';
import {
  RESET_LINK_INVALID_TEXT,
  requestPasswordResetSchema,
  resetPasswordSchema,
  resetTokenParamSchema,
} from '@/lib/validation/password-reset';
import { endpoint } from './endpoint';

export const requestReset = endpoint({
  method: 'POST',
  path: '/api/password-reset',
  access: 'public',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Ask for a link to choose a new password (a forgotten password).',
  description:
    'Send the account’s `email`. The answer is always 202 with the same `message` ("If an account uses this ' +
    'email address, we have sent it a link to choose a new password. The link works for 30 minutes."), in ' +
    'about the same time (never before 400 ms), whether or not an account uses the address: it never tells ' +
    'whether an account exists.\n\n' +
    'When one does, its holder is emailed a one-time link, `/reset-password/{token}`, that works once and for ' +
    '30 minutes; a newer request makes the older links stop working. Only a SHA-256 of the token is stored.\n\n' +
    'Limited to 5 requests an hour per address (429, Retry-After says when to try again), and to 3 emails an ' +
    'hour per account: past that nothing more is sent, and the answer stays the same 202.',
  body: requestPasswordResetSchema,
  response: doneMessageSchema,
  status: 202,
  errors: { 429: 'Too many password reset requests from this address: try again after Retry-After seconds.' },
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/password-reset/{token}',
  access: 'public',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Choose a new password through an emailed reset link.',
  description:
    'Send `newPassword` (8 to 256 characters). The link works once: the password is set, every session of ' +
    'the account ends (a browser signed in anywhere must sign in again), the account’s sign-in lock from ' +
    'wrong passwords is cleared, and the change is recorded in the account audit. A second factor, when the ' +
    'account has one, is still asked for at the next sign-in. Nobody is signed in by this call.\n\n' +
    'A refused link answers in words, with `state`: 404 not valid, 409 `used`, 410 `expired` or `retired` ' +
    '(a newer link was sent). Every use that sets no password counts against the caller’s address: after 10 ' +
    'in 15 minutes, 429 (Retry-After says when to try again).',
  params: resetTokenParamSchema,
  body: resetPasswordSchema,
  response: doneMessageSchema,
  notFoundMessage: RESET_LINK_INVALID_TEXT,
  errors: {
    404: 'The link is not valid (no such link, or its account was removed).',
    409: 'The link was already used (`state`: "used").',
    410: 'The link has expired, or a newer link replaced it (`state`: "expired" or "retired").',
    429: 'Too many uses of reset links that set no password from this address: wait as Retry-After says.',
  },
  invalidates: ['user'],
});
