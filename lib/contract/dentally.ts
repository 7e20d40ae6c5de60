/**
 * The Dentally connection (issue 34): see lib/contract/endpoint.ts. A full admin saves Dentally's API token
 * (kept encrypted, never answered back) and the site; a job reads completed appointments and their patients
 * every 15 minutes and on "Sync now", and proposes matches with open referrals.
 */
import { doneMessageSchema } from '@/lib/dto/auth';
import { dentallyStateSchema } from '@/lib/dto/dentally';
import { dentallyConnectionSchema } from '@/lib/validation/dentally';
import { endpoint } from './endpoint';

export const NOT_CONNECTED_TEXT = 'Dentally is not connected: save a token first.';

export const get = endpoint({
  method: 'GET',
  path: '/api/integrations/dentally',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: 'The Dentally connection: whether a token is saved, the site, and the last sync.',
  description:
    'The token is never answered: `tokenHint` is its last four characters. `status` says how the last sync ' +
    'ended; `lastError` says what went wrong in words for staff; `retryAfter` is when Dentally lets us ask again.',
  response: dentallyStateSchema,
});

export const save = endpoint({
  method: 'PUT',
  path: '/api/integrations/dentally',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: "Save Dentally's API token (and the site), then sync.",
  description:
    'The token is stored encrypted (AES-256-GCM, as bank details are) and never answered back. Saving resets ' +
    'the status, so a sync stopped by a rejected token runs again with the new one; a wait Dentally asked for ' +
    'still holds. `siteId` (optional; blank or null clears it) limits the sync to one site.',
  body: dentallyConnectionSchema,
  response: dentallyStateSchema,
  invalidates: ['settings'],
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/integrations/dentally',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: 'Disconnect Dentally: the token and site are removed; the records already taken stay.',
  response: dentallyStateSchema,
  invalidates: ['settings'],
});

export const sync = endpoint({
  method: 'POST',
  path: '/api/integrations/dentally/sync',
  access: 'admin',
  tag: 'Integrations',
  area: 'settings',
  summary: 'Sync now: the sync starts in the background (202); GET shows how it went.',
  description:
    'A sync running already is not started twice. A rejected token, or a wait Dentally asked for, holds ' +
    '"Sync now" too: the sync then does nothing until a new token is saved, or the wait is over.',
  response: doneMessageSchema,
  status: 202,
  errors: { 409: NOT_CONNECTED_TEXT },
  invalidates: ['settings'],
});
