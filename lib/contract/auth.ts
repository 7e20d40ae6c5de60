/**
 * The auth endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json. Signing in and out, the signed-in account, and the
 * staff accounts full admins manage.
 */
import {
  currentUserSchema,
  doneMessageSchema,
  loginAnswerSchema,
  signedOutEverywhereSchema,
  staffUserSchema,
} from '@/lib/dto/auth';
import { staffInviteSchema } from '@/lib/dto/invites';
import { changePasswordSchema, loginSchema } from '@/lib/validation/auth';
import { addStaffUserSchema, idParamSchema, updateStaffUserSchema } from '@/lib/validation/staff';
import { z } from '@/lib/validation/zod';
import { endpoint } from './endpoint';

const STAFF_NOT_FOUND = 'That staff account does not exist.';

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Sign in with a staff account: starts a session and sets its cookie.',
  description:
    'Send `username` (the account’s email address, any case) and `password` as JSON. A right pair answers the ' +
    'account (its email and whether it is a full admin) and sets the session cookie ' +
    '`__Secure-next-auth.session-token` when the app is served over https (`next-auth.session-token` over ' +
    'plain http): HttpOnly, SameSite=Lax, valid for 8 hours. Send it back with every later call. The answer ' +
    'never holds the password or anything derived from it.\n\n' +
    'Wrong pairs are limited: 5 failures for one account from one address, or 20 from one address to any ' +
    'account, within 15 minutes, and further attempts are refused with 429 (Retry-After says when to try ' +
    'again) before the password is looked at. A right password clears that account’s count from the address.\n\n' +
    'For an account with a second factor (a passkey or an authenticator app) a right password starts no ' +
    'session: the answer is `{ "secondFactorRequired": true, "methods": [...] }` with a short-lived cookie ' +
    '(5 minutes) for the second step, POST /api/login/second-factor or the passkey ceremony under ' +
    '/api/login/passkey.',
  body: loginSchema,
  response: loginAnswerSchema,
  errors: {
    401: 'Invalid username or password (the same answer whether the account exists or not).',
    429: 'Too many failed sign-in attempts: try again after Retry-After seconds.',
  },
  invalidates: ['user'],
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/logout',
  access: 'public',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Sign out: ends the session on the server and clears its cookie.',
  description:
    'Always succeeds, signed in or not. The session ends on the server too, so a copy of the cookie is of no ' +
    'use afterwards. Answers `{ "message": "Signed out" }`.',
  response: doneMessageSchema,
  invalidates: ['user'],
});

export const currentUser = endpoint({
  method: 'GET',
  path: '/api/user',
  access: 'staff',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'The signed-in account: its email and whether it is a full admin.',
  response: currentUserSchema,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/change-password',
  access: 'staff',
  tag: 'Staff accounts',
  area: 'user',
  summary: "Change the signed-in account's own password.",
  description:
    'Send the account’s own `email`, its `currentPassword` and a `newPassword` of 8 to 256 characters. Every ' +
    'other session of the account ends; this one carries on with its cookie. Wrong current passwords count ' +
    'towards the account’s sign-in lock (5 in 15 minutes): once used up, 429, and signing in to the account ' +
    'waits too.',
  body: changePasswordSchema,
  response: doneMessageSchema,
  errors: {
    400: 'The input is not valid, or the current password is incorrect.',
    403:
      'The email is not the signed-in account’s (only your own password can be changed), or a cross-site ' +
      'request.',
    429: 'Too many wrong passwords for this account: try again after Retry-After seconds.',
  },
});

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Every staff account, by email, with whether it is locked by wrong passwords.',
  response: staffUserSchema.array(),
});

export const createStaff = endpoint({
  method: 'POST',
  path: '/api/admin/users',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Add a staff account: by invitation (the person chooses their password), or with a password.',
  description:
    'Two shapes. `{ "email", "isFullAdmin", "invite": true }` emails the person a one-time link, ' +
    '/invite/{token}, valid for 7 days, where they choose their own password (POST /api/invites/{token}); ' +
    'the answer is the invitation (201), which holds no link and no password. Pending invitations are listed ' +
    'by GET /api/admin/invites, with Resend and Revoke.\n\n' +
    '`{ "email", "password", "isFullAdmin" }` makes the account at once with that password (8 to 256 ' +
    'characters, stored hashed and never returned); nobody is emailed, so pass the password on yourself. The ' +
    'answer is the account (201).\n\n' +
    'The email is stored in lower case and is the account’s username. `isFullAdmin` defaults to false. ' +
    'Sending neither a password nor `invite: true`, or both, is refused (400).',
  body: addStaffUserSchema,
  response: z.union([staffUserSchema, staffInviteSchema]),
  status: 201,
  errors: {
    409:
      'A staff account with this email address already exists, or (with `invite: true`) the address ' +
      'already has a pending invitation.',
  },
  invalidates: ['settings'],
});

export const updateStaff = endpoint({
  method: 'PATCH',
  path: '/api/admin/users/{id}',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: "Give or take away an account's full-admin rights.",
  description: 'There must always be at least one full admin, and nobody can change their own rights.',
  params: idParamSchema,
  body: updateStaffUserSchema,
  response: staffUserSchema,
  errors: {
    404: STAFF_NOT_FOUND,
    409: 'You cannot change your own full-admin rights, or this would leave no full admin.',
  },
  invalidates: ['settings'],
});

export const removeStaff = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/{id}',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Remove a staff account.',
  description:
    'Its sessions end with it. There must always be at least one full admin, and nobody can remove their own ' +
    'account.',
  params: idParamSchema,
  errors: {
    404: STAFF_NOT_FOUND,
    409: 'You cannot remove your own account, or this would leave no full admin.',
  },
  invalidates: ['settings'],
});

export const signOutEverywhere = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/{id}/sessions',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Sign an account out everywhere: ends every one of its sessions.',
  description: 'Each of its sessions answers 401 from its next request. Answers how many sessions were live.',
  params: idParamSchema,
  response: signedOutEverywhereSchema,
  notFoundMessage: STAFF_NOT_FOUND,
  invalidates: ['settings'],
});

export const unlockStaff = endpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/unlock',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: "Clear an account's failed password attempts, so a locked account can sign in again at once.",
  params: idParamSchema,
  response: staffUserSchema,
  notFoundMessage: STAFF_NOT_FOUND,
  invalidates: ['settings'],
});
