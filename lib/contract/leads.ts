/**
 * The leads endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json.
 */
import { z } from '@/lib/validation/zod';
import {
  createLeadResultSchema,
  inboxItemSchema,
  leadSchema,
  publicLeadResultSchema,
} from '@/lib/dto/referrals';
import { attachLeadSchema, createLeadSchema, updateLeadSchema } from '@/lib/validation/leads';
import { leadListQuerySchema } from '@/lib/validation/paging';
import { idParamSchema } from '@/lib/validation/params';
import { endpoint } from './endpoint';

const LEAD_NOT_FOUND = 'That lead does not exist.';

export const list = endpoint({
  method: 'GET',
  path: '/api/leads',
  access: 'staff',
  tag: 'Leads',
  area: 'referrals',
  summary: 'Leads (the friends recommended), newest first, searchable.',
  description:
    'Paged (`limit` 1 to 500, default 100; `cursor` from X-Next-Cursor); `q` searches the name (each word), ' +
    'email, or phone number in any usual form. `unmatched=true`: only the leads still without a referrer that ' +
    'named one (a card number that matched no client, or a name typed in ‘Who recommended you?’), for staff ' +
    'to match (POST /api/leads/{id}/attach).',
  query: leadListQuerySchema,
  response: leadSchema,
  paged: true,
});

export const create = endpoint({
  method: 'POST',
  path: '/api/leads',
  access: 'public',
  tag: 'Leads',
  area: 'referrals',
  summary: 'Recommends a friend: the public recommendation form’s submission, or staff adding one by hand.',
  description:
    '**From the public form** (no session; `source` `qr_referral`, the default): names, email, phone and ' +
    '`treatmentInterest` (one of the treatments the clinic lists) are required; `referrerId` is the card ' +
    'number from the card’s link, or `recommendedBy` the name (or card number) the friend typed. Names are ' +
    'title-cased, the email lower-cased and the phone normalised. Every accepted submission is answered alike: ' +
    '201 with exactly `leadId` and `referralId`, receipts for this submission whatever was recorded before ' +
    '(`referralId` is null only when no known referrer was named). The friend is sent a thank-you email, at ' +
    'most one a day per inbox. At most 20 submissions an hour from one address: then 429 with Retry-After.\n\n' +
    '**Signed-in staff** (`source` `Manual Entry`, which is 401 without a session): `referrerId` is the ' +
    'client’s id or card number; the phone may be left out. 201 for a new lead, or 200 with `existing: true` ' +
    'when this client had already referred this email (`restored: true` if that referral had been deleted and ' +
    'was made again); `referral` is the whole referral. A new lead is emailed to the clinic.',
  body: createLeadSchema,
  response: z.union([createLeadResultSchema, publicLeadResultSchema]).meta({
    description:
      'Staff get the CreateLeadResult; the public form gets the PublicLeadResult, always these two keys.',
  }),
  status: 201,
  errors: {
    400: 'The input is not valid (`fieldErrors` per field), or the treatment is not one the clinic lists.',
    401: '`Manual Entry` without a session: only signed-in staff add a referral by hand.',
    404: '`Manual Entry` naming no client.',
    429: 'Too many submissions from this address: wait as Retry-After says.',
  },
  invalidates: ['referrals', 'clients', 'inbox', 'messages', 'insights'],
  maxBodyBytes: 8 * 1024,
});

export const update = endpoint({
  method: 'PATCH',
  path: '/api/leads/{id}',
  access: 'staff',
  tag: 'Leads',
  area: 'inbox',
  summary: 'Sets what came of reception’s call to the friend.',
  description:
    'Send `{ "contacted": true }` (a repeat keeps the first record), or `{ "outcome", "note" }` with ' +
    '`contacted`, `no-answer`, `booked` or `not-interested` and an optional note of at most 200 characters, ' +
    'or `{ "outcome": null }` to clear it (undo: the friend comes back to the inbox). Every outcome but ' +
    '`no-answer` takes the lead out of the inbox. Each change is kept with who and when.',
  params: idParamSchema,
  body: updateLeadSchema,
  response: inboxItemSchema,
  invalidates: ['inbox', 'referrals', 'insights'],
  notFoundMessage: LEAD_NOT_FOUND,
});

export const attach = endpoint({
  method: 'POST',
  path: '/api/leads/{id}/attach',
  access: 'staff',
  tag: 'Leads',
  area: 'referrals',
  summary: 'Attaches a lead that matched no client to the client staff found.',
  description:
    'For a lead whose card number matched no client, or who typed a name: the lead gets `cardNumber`’s ' +
    'client as its referrer and a pending referral with the reward in force now (none for the client’s own ' +
    'email); the unmatched card number is cleared. Answers the new referral.',
  params: idParamSchema,
  body: attachLeadSchema,
  response: createLeadResultSchema,
  errors: {
    404: 'No client has that card number, or the lead does not exist (or was erased).',
    409: 'The lead already has a referrer, or that client has already referred this friend.',
  },
  invalidates: ['referrals', 'clients', 'inbox', 'insights'],
  notFoundMessage: LEAD_NOT_FOUND,
});

export const erase = endpoint({
  method: 'POST',
  path: '/api/leads/{id}/erase',
  access: 'admin',
  tag: 'Leads',
  area: 'referrals',
  summary: 'Erases a lead’s personal data (a request to be forgotten).',
  description:
    'The name, email, phone, treatment, ‘who recommended you’ and marketing answer go, as does the friend’s ' +
    'name in the payment audit and the content of messages about them. The referral and any money it holds ' +
    'stay, named ‘Erased lead’. `erased` is false when the lead was already erased.',
  params: idParamSchema,
  response: z
    .object({ erased: z.boolean().meta({ description: 'False when the lead had already been erased.' }) })
    .meta({ id: 'LeadErased' }),
  invalidates: ['referrals', 'clients', 'inbox', 'payments', 'messages', 'insights'],
  notFoundMessage: LEAD_NOT_FOUND,
});
