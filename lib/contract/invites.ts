/**
 * Invitations (issue 31): a full admin invites a staff member by email (POST /api/admin/users with
 * `invite: true`, lib/contract/auth.ts); the person chooses their own password through the emailed link.
 * See lib/contract/endpoint.ts; lib/contract/index.ts gathers every area for /api/openapi.json.
 */
import { currentUserSchema } from '@/lib/dto/auth';
import { staffInviteSchema } from '@/lib/dto/invites';
import { acceptInviteSchema, inviteTokenParamSchema } from '@/lib/validation/invites';
import { idParamSchema } from '@/lib/validation/params';
import { endpoint } from './endpoint';

const INVITE_NOT_FOUND = 'That invitation does not exist.';
const LINK_INVALID = 'This link is not valid. Please check you opened the whole link from the email.';

export const listInvites = endpoint({
  method: 'GET',
  path: '/api/admin/invites',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'The invitations not yet accepted: pending ones, and expired ones that can be sent again.',
  description:
    'Newest email first. Accepted and revoked invitations are not listed, nor one for an address that has an ' +
    'account by now. The answer never holds a link or its token.',
  response: staffInviteSchema.array(),
});

export const resendInvite = endpoint({
  method: 'POST',
  path: '/api/admin/invites/{id}/resend',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Email an invitation again, with a new link valid for 7 days.',
  description:
    'The link emailed before stops working at once. Works on an expired invitation too. Answers the ' +
    'invitation as it is now.',
  params: idParamSchema,
  response: staffInviteSchema,
  notFoundMessage: INVITE_NOT_FOUND,
  errors: {
    404: INVITE_NOT_FOUND,
    409: 'The invitation was already accepted or revoked, or an account with its email exists.',
  },
  invalidates: ['settings'],
});

export const revokeInvite = endpoint({
  method: 'DELETE',
  path: '/api/admin/invites/{id}',
  access: 'admin',
  tag: 'Staff accounts',
  area: 'settings',
  summary: 'Revoke an invitation: its link stops working at once.',
  description:
    'The link’s page then says the clinic withdrew the invitation. Revoking one already revoked changes ' +
    'nothing.',
  params: idParamSchema,
  notFoundMessage: INVITE_NOT_FOUND,
  errors: {
    404: INVITE_NOT_FOUND,
    409: 'The invitation was already accepted: remove the staff account instead.',
  },
  invalidates: ['settings'],
});

export const acceptInvite = endpoint({
  method: 'POST',
  path: '/api/invites/{token}',
  access: 'public',
  tag: 'Staff accounts',
  area: 'user',
  summary: 'Accept an invitation: choose the password, and be signed in.',
  description:
    'The token is the last part of the emailed link, /invite/{token}. Send `password` (8 to 256 characters). ' +
    'The staff account is made with the invitation’s email and full-admin rights, the link is used up, and ' +
    'the answer (the signed-in account) sets the session cookie, as POST /api/login does.\n\n' +
    'Unknown tokens are limited: 10 from one address in 15 minutes, then 429 (Retry-After says when to try ' +
    'again). A used, expired or withdrawn link is not counted.',
  params: inviteTokenParamSchema,
  body: acceptInviteSchema,
  response: currentUserSchema,
  notFoundMessage: LINK_INVALID,
  errors: {
    404: 'The link is not valid.',
    409:
      'The invitation was already used (`state`: "accepted"), or an account with its email was made ' +
      'meanwhile.',
    410: 'The invitation has expired, or the clinic withdrew it (`state`: "expired" or "revoked").',
    429: 'Too many unknown invitation links from this address: wait as Retry-After says.',
  },
  invalidates: ['user'],
});
