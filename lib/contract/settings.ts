/**
 * The settings endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json. The clinic's programme settings, its profile and
 * logo, and the address its links name.
 */
import { appUrlSchema, settingsSchema } from '@/lib/dto/settings';
import { updateSettingsSchema } from '@/lib/validation/settings';
import { endpoint } from './endpoint';

export const get = endpoint({
  method: 'GET',
  path: '/api/settings',
  access: 'staff',
  tag: 'Settings',
  area: 'settings',
  summary: "The clinic's programme settings and profile.",
  description:
    'The reward and bonus amounts, the offer and its wording, the review links, the clinic’s profile and ' +
    'logo address, which kinds of message are turned off, how long a ‘reward paid’ email waits for an undo, ' +
    'how long leads are kept, whether the clinic relies on the soft opt-in for its existing patients (who ' +
    'recorded it and when), how many card emails an hour “Send cards to imported clients” queues, and ' +
    "whether high-confidence matches from the practice's records are confirmed automatically.",
  response: settingsSchema,
});

export const update = endpoint({
  method: 'PATCH',
  path: '/api/settings',
  access: 'admin',
  tag: 'Settings',
  area: 'settings',
  summary: 'Change some of the settings; answers them all as saved.',
  description:
    'Send only the fields to change (at least one; an unknown field is refused). Amounts are whole pounds up ' +
    'to £5,000; a referral keeps the reward promised when it was made, and reviews keep the bonus they were ' +
    'given. A blank profile field or link clears it. A change to what the public pages show (the reward, ' +
    'the offer, the profile, the privacy link, the treatments) reaches the cached card pages at once. ' +
    '`softOptInReliedOn: true` records who saved it and when; `false` clears that record. ' +
    '`autoConfirmHighMatches` (off by default) confirms high-confidence practice matches as they arrive.',
  body: updateSettingsSchema,
  response: settingsSchema,
  invalidates: ['settings', 'payments', 'team'],
});

export const uploadLogo = endpoint({
  method: 'POST',
  path: '/api/settings/logo',
  access: 'admin',
  tag: 'Settings',
  area: 'settings',
  summary: "Upload the clinic's logo for the public pages; answers the settings with the new logoUrl.",
  description:
    'Send multipart/form-data with the image in the field `logo`: PNG, JPEG or WebP, at most 2 MB. The file’s ' +
    'declared type, when it has one, must be one of those, and its bytes must really be one. It is stored ' +
    're-encoded as a PNG of at most 512 px a side with its metadata stripped (nothing uploaded is served as ' +
    'it came), at a new address (`logoUrl`) that can be cached for a year; the card pages show it at once.',
  upload: { field: 'logo', types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024 },
  response: settingsSchema,
  errors: {
    400:
      'Not multipart/form-data with a file in `logo`, no file, larger than 2 MB, or not a PNG, JPEG or WebP ' +
      'image that can be read (`message` says which).',
  },
  invalidates: ['settings'],
});

export const removeLogo = endpoint({
  method: 'DELETE',
  path: '/api/settings/logo',
  access: 'admin',
  tag: 'Settings',
  area: 'settings',
  summary: "Remove the clinic's logo: the public pages show the clinic's name alone.",
  description: 'Answers the settings, with `logoUrl` null.',
  response: settingsSchema,
  invalidates: ['settings'],
});

export const appUrl = endpoint({
  method: 'GET',
  path: '/api/app-url',
  access: 'staff',
  tag: 'Settings',
  area: 'settings',
  summary: "The address the app's links and card emails name (APP_URL), and whether a patient could open it.",
  description:
    'Staff are asked to confirm before emailing a card whose link only this computer or network can open ' +
    '(`reachable` false: APP_URL unset, or a loopback or private address).',
  response: appUrlSchema,
});
