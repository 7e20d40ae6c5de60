/**
 * The authenticator app (TOTP), recovery codes, the second step of signing in and the step-up by code (issue 31).
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
import { currentUserSchema } from '@/lib/dto/auth';
import {
  recoveryCodesSchema,
  secondFactorsSchema,
  stepUpSchema,
  totpSetupSchema,
} from '@/lib/dto/second-factor';
import { secondFactorCodeSchema, totpCodeSchema } from '@/lib/validation/second-factor';
import { endpoint } from './endpoint';

const TAG = 'Staff accounts';

const CODE_LIMITS =
  'A wrong code counts against the same limits as a wrong password (5 failures for one account from one ' +
  'address, 20 from one address, in 15 minutes; then 429 with Retry-After). Each authenticator code is ' +
  'accepted once: the same code again, or an older one, is refused as wrong. A recovery code works once.';

export const startTotp = endpoint({
  method: 'POST',
  path: '/api/account/totp',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Start setting up an authenticator app: a new secret, and the otpauth:// address for its QR code.',
  description:
    'The secret is kept encrypted; the app counts as a second factor only once POST /api/account/totp/verify ' +
    'confirms it with a first code. Starting again replaces a secret not yet confirmed.',
  response: totpSetupSchema,
  errors: { 409: 'An authenticator app is already set up: remove it first.' },
});

export const confirmTotp = endpoint({
  method: 'POST',
  path: '/api/account/totp/verify',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Confirm the authenticator app with its first code: from now on signing in asks for a code.',
  description:
    'Answers the account’s ten recovery codes when this is its first second factor, shown this once; an ' +
    'empty list when the account already had codes (they still work).',
  body: totpCodeSchema,
  response: recoveryCodesSchema,
  errors: {
    400: 'The code is not right (check the app and the time on the phone), or the input is not valid.',
    409: 'No set-up was started, or an authenticator app is already set up.',
  },
  invalidates: ['user'],
});

export const removeTotp = endpoint({
  method: 'DELETE',
  path: '/api/account/totp',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Remove the authenticator app.',
  description:
    'When the account has no passkey either, its recovery codes are deleted too and signing in asks for the ' +
    'password alone.',
  errors: { 409: 'No authenticator app is set up.' },
  invalidates: ['user'],
});

export const newRecoveryCodes = endpoint({
  method: 'POST',
  path: '/api/account/recovery-codes',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: 'Make ten new recovery codes: the old ones stop working.',
  description: 'The codes are answered this once; only their hashes are kept.',
  response: recoveryCodesSchema,
  errors: { 409: 'The account has no second factor: set up a passkey or an authenticator app first.' },
  invalidates: ['user'],
});

export const secondFactors = endpoint({
  method: 'GET',
  path: '/api/account/second-factors',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary: "The signed-in account's second factors: the authenticator app, recovery codes left, passkeys.",
  response: secondFactorsSchema,
});

export const loginSecondFactor = endpoint({
  method: 'POST',
  path: '/api/login/second-factor',
  access: 'public',
  tag: TAG,
  area: 'user',
  summary: 'The second step of signing in: a code from the authenticator app, or a recovery code.',
  description:
    'After POST /api/login answered `secondFactorRequired`, send `{ "code": "123456" }` or ' +
    '`{ "recoveryCode": "xxxxx-xxxxx" }` (exactly one) with the cookie it set, within 5 minutes. A right ' +
    'code starts the session (as POST /api/login does for an account without a second factor) and answers ' +
    'the account. A wrong one leaves the second step open to try again. ' +
    CODE_LIMITS,
  body: secondFactorCodeSchema,
  response: currentUserSchema,
  errors: {
    401:
      'The code is not right, or the sign-in has timed out (more than 5 minutes, or already completed): ' +
      'sign in with the password again.',
    429: 'Too many failed sign-in attempts: try again after Retry-After seconds.',
  },
  invalidates: ['user'],
});

export const stepUp = endpoint({
  method: 'POST',
  path: '/api/account/step-up',
  access: 'staff',
  tag: TAG,
  area: 'user',
  summary:
    'Confirm it is you with a second factor (a code or a recovery code) before paying or the bank file.',
  description:
    'A right code records that this session used a second factor now (paying and the bank file need one ' +
    'within the last 12 hours). ' +
    CODE_LIMITS,
  body: secondFactorCodeSchema,
  response: stepUpSchema,
  errors: {
    400: 'The code is not right, or the input is not valid.',
    409: 'The account has no authenticator app or recovery codes to use.',
    429: 'Too many failed attempts: try again after Retry-After seconds.',
  },
  invalidates: ['user'],
});
