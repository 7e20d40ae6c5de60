/**
 * The sign-in record, sessions and the account audit (issue 31).
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
import {
  accountAuditEntrySchema,
  clinicSignInSchema,
  ownSignInsSchema,
  sessionEndedSchema,
} from '@/lib/dto/account';
import { accountPageQuerySchema, sessionIdParamSchema } from '@/lib/validation/account';
import { endpoint } from './endpoint';

const PAGING =
  'A page at a time, newest first (`limit` 1 to 200, default 50; `cursor` is the previous page’s ' +
  'X-Next-Cursor); X-Total-Count says how many there are in all.';

export const signIns = endpoint({
  method: 'GET',
  path: '/api/account/sign-ins',
  access: 'staff',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Your last 20 sign-ins and the sessions you are signed in with.',
  description:
    'Each sign-in with its time, the address it came from, the browser in words (‘Chrome on Windows’), how ' +
    'it was made (‘Password and authenticator app’) and whether the browser was new to the account (then an ' +
    'email said so). Each session that has not ended with when and how it started, and `current` for the one ' +
    'this request was made with.',
  response: ownSignInsSchema,
});

export const endSession = endpoint({
  method: 'DELETE',
  path: '/api/account/sessions/{id}',
  access: 'staff',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Sign out one of your own sessions.',
  description:
    'The session answers 401 from its next request. Ending the one this request was made with signs this ' +
    'browser out too (`current: true`; its cookie is cleared).',
  params: sessionIdParamSchema,
  response: sessionEndedSchema,
  notFoundMessage: 'That session has already ended, or it is not one of yours.',
  errors: {
    404: 'That session has already ended, or it is not one of yours (another account’s session too).',
  },
  invalidates: ['user'],
});

export const clinicSignIns = endpoint({
  method: 'GET',
  path: '/api/admin/sign-ins',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Every staff member’s sign-ins, newest first.',
  description:
    `${PAGING} Each with the account’s email, the time, the address, the browser in words, how it was made, ` +
    'and whether the browser was new to the account.',
  query: accountPageQuerySchema,
  response: clinicSignInSchema,
  paged: true,
  errors: { 400: 'The limit is not 1 to 200, or the cursor is not one this list gave.' },
});

export const accountAudit = endpoint({
  method: 'GET',
  path: '/api/admin/account-audit',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'The account audit, newest first: invitations, password resets and changes, second factors.',
  description:
    `${PAGING} Each entry: the action (\`action\`, and in words \`actionText\`), the account’s email, who ` +
    'did it (a staff email, ‘the account holder’ or ‘the server (command line)’), the address, details and ' +
    'the time. Entries are never changed or deleted, and outlive the account they name.',
  query: accountPageQuerySchema,
  response: accountAuditEntrySchema,
  paged: true,
  errors: { 400: 'The limit is not 1 to 200, or the cursor is not one this list gave.' },
});
