/**
 * The clients endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json. The bank-details approval and the branded link,
 * under /api/admin, are declared here too: both are about one client.
 */
import { z } from '@/lib/validation/zod';
import {
  brandedLinkResultSchema,
  clientExportSchema,
  clientSchema,
  pendingBankChangeAnswerSchema,
} from '@/lib/dto/clients';
import { messageSchema } from '@/lib/dto/messages';
import { approveBankDetailsSchema } from '@/lib/validation/bank-details';
import { brandedLinkSchema, createClientSchema, updateClientSchema } from '@/lib/validation/clients';
import { clientListQuerySchema, oneClientQuerySchema } from '@/lib/validation/paging';
import { idParamSchema } from '@/lib/validation/params';
import { endpoint } from './endpoint';
import { FACTOR_403 } from './second-factor-errors';

const CLIENT_NOT_FOUND = 'That client does not exist.';
const BANK_DETAILS_FOR_ADMINS =
  'The stored bank details (`sortCode`, `accountNumber`, `accountName`), the held change’s id and ' +
  '`sharedBankDetailsWith` are answered to full admins only.';

export const list = endpoint({
  method: 'GET',
  path: '/api/clients',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: 'Clients, newest first by default: searchable, sortable and filtered, with what each is owed.',
  description:
    'Paged (`limit` 1 to 500, default 100; `cursor` from X-Next-Cursor, valid only for the order it was made ' +
    'in). `q` searches the name (each word), email, card number and affiliate company. `sort` is `created` ' +
    '(newest first), `name` (last name, A to Z), `cardNumber`, `referrals` or `owed` (most first); `dir` ' +
    'turns it round. Filters, each on with `true` and combined: `owed` (rewards owed now), `bacsMissing` (no ' +
    'bank details), `noReferrals`, `affiliate` (came through an affiliate company). Each client comes with ' +
    'its newest 100 referrals unless `referrals=false` (the dashboard loads them on expanding a row), and ' +
    `with \`owedAmount\`. Deleted clients are not listed. ${BANK_DETAILS_FOR_ADMINS}`,
  query: clientListQuerySchema,
  response: clientSchema,
  paged: true,
});

export const leaderboard = endpoint({
  method: 'GET',
  path: '/api/clients/leaderboard',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: 'The ten clients with the most referrals (at least one), a tie to the client registered first.',
  description:
    'From the count of referrals each client holds (`referralCount`), without their referrals or ' +
    `\`owedAmount\`. Deleted clients are left out. ${BANK_DETAILS_FOR_ADMINS}`,
  response: z.array(clientSchema).meta({ description: 'At most ten, most referrals first.' }),
});

export const get = endpoint({
  method: 'GET',
  path: '/api/clients/{id}',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: 'One client, with what the clinic owes them now and their latest contact changes.',
  description:
    'With `owedAmount` (the rewards owed now, which deleting the client would cancel), the latest 20 changes ' +
    'of email and phone (`contactChanges`), and the newest 100 referrals unless `referrals=false`. A deleted ' +
    `client is not found. ${BANK_DETAILS_FOR_ADMINS}`,
  params: idParamSchema,
  query: oneClientQuerySchema,
  response: clientSchema,
  notFoundMessage: CLIENT_NOT_FOUND,
});

export const create = endpoint({
  method: 'POST',
  path: '/api/admin/clients',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: 'Registers a client, with a new card number and card link.',
  description:
    'Send `firstName`, `lastName` (title-cased) and `email` (lower-cased), and optionally `phone` (a UK ' +
    'number is stored as +44…) and `affiliateCompany`. With `sendCard: true` the client is emailed their card ' +
    '(its link, QR code and how the reward works), unless card emails are turned off in Settings or the ' +
    'address unsubscribed from them: the message is written with the client and sent by the job queue. ' +
    'Each email belongs to one client.',
  body: createClientSchema,
  response: clientSchema,
  status: 201,
  errors: {
    409: 'A client with this email address is already in the system: nothing is written, and the body’s `client` is that client.',
  },
  // The referrals area's searches list clients (the referral dialogs' client search, referrers to match).
  invalidates: ['clients', 'referrals', 'messages', 'insights'],
});

export const update = endpoint({
  method: 'PATCH',
  path: '/api/admin/clients/{id}',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: 'Edits a client: names, email, phone, affiliate company, bank details, or the request for them.',
  description:
    'Send any of these; what is absent stays as it is.\n\n' +
    '- `firstName` and `lastName` together.\n' +
    '- `email`: a corrected address (another client’s is refused). `phone`: null or blank removes it. Each ' +
    'change of either is kept in the contact-change audit (who, from, to, when); a card email still waiting ' +
    'for the old address is cancelled. The card’s links do not change.\n' +
    '- `affiliateCompany`: blank or null for none.\n' +
    '- `sortCode` (00-00-00), `accountNumber` (8 digits) and `accountName` together; `sortCode` and ' +
    '`accountNumber` null remove them (full admins only). Every change of bank details is kept in the payment ' +
    'audit, the numbers masked. A change by staff who are not full admins is held: the client’s rewards ' +
    'cannot be paid until a full admin approves it (POST …/bank-details/approve). Details given answer an ' +
    'outstanding request, and its emailed link stops working.\n' +
    '- `bacsRequested: true` emails the client a one-time link to give their bank details themselves (valid ' +
    '7 days; at most one a day); `false` withdraws the request and its link.\n\n' +
    'Answers the client as GET /api/clients/{id} does, with its referrals.',
  params: idParamSchema,
  body: updateClientSchema,
  response: clientSchema,
  errors: {
    403: 'Bank details removed (`sortCode: null`) by staff who are not full admins; or a cross-site request.',
    404: `${CLIENT_NOT_FOUND} (Or it was deleted.)`,
    409: 'Another client already has this email address (`field: "email"`); nothing is written.',
    429: 'A bank-details email was already sent to this client in the last 24 hours: the message says when another can be sent (and Retry-After); nothing is written.',
  },
  invalidates: ['clients', 'referrals', 'payments', 'messages', 'insights'],
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/clients/{id}',
  access: 'admin',
  tag: 'Clients',
  area: 'clients',
  summary: 'Deletes a client: their personal data is erased, and what was paid stays in the payment records.',
  description:
    'Names, email, phone, affiliate company, bank details, the contact-change audit and the card’s ' +
    'addresses go at once (the card no longer opens); the messages to the client keep only their kind, ' +
    'state and times, and one not yet sent never will be. The row stays with its card number, which the ' +
    'payment reports and the audit show as ‘Deleted client’, with the referrals whose reward was paid. ' +
    'Rewards still owed (Story Started, unpaid) are cancelled, each with a `reward_cancelled` audit entry ' +
    '(GET /api/clients/{id}’s `owedAmount` says how much); the other unpaid referrals go. The friends’ leads ' +
    'stay, without their link to the client. A payment made at the same moment either lands first and is ' +
    'kept, or finds the reward cancelled.',
  params: idParamSchema,
  errors: { 404: `${CLIENT_NOT_FOUND} (Or it was deleted already.)` },
  invalidates: ['clients', 'referrals', 'payments', 'inbox', 'messages', 'insights'],
});

export const exportClient = endpoint({
  method: 'GET',
  path: '/api/clients/{id}/export',
  access: 'admin',
  tag: 'Clients',
  area: 'clients',
  summary: 'Everything held about a client (a subject access request).',
  description:
    'A JSON download (Content-Disposition: attachment; filename `client-{id}.json`): the client’s details ' +
    'with their bank details in full, as held; their referrals as facts (status, reward, dates: nothing about ' +
    'the friends, who are other people); and every payment-audit entry about them.',
  params: idParamSchema,
  response: clientExportSchema,
  notFoundMessage: CLIENT_NOT_FOUND,
  errors: { 403: FACTOR_403 },
});

export const sendCard = endpoint({
  method: 'POST',
  path: '/api/clients/{id}/send-card',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: 'Emails the client their card: its link, QR code and how the reward works.',
  description:
    'The message is written now (202, the message as GET /api/messages lists it) and sent by the job queue; ' +
    'without a mail server it is kept unsent until one is set up. The client’s `cardEmail` follows it. The ' +
    'card’s links stay the same, so sending again is safe; one while another still waits is refused, so a ' +
    'double click sends one.',
  params: idParamSchema,
  response: messageSchema,
  status: 202,
  notFoundMessage: CLIENT_NOT_FOUND,
  errors: {
    409: 'Not written: card emails are turned off in Settings, the client unsubscribed from them, or a card email to this client is still waiting to be sent.',
  },
  invalidates: ['clients', 'messages'],
});

export const pendingBankChange = endpoint({
  method: 'GET',
  path: '/api/admin/clients/{id}/bank-details/pending',
  access: 'admin',
  tag: 'Clients',
  area: 'clients',
  summary: "The held change of a client's bank details, masked, as an approval shows it.",
  description:
    'Its `changeId` (what POST …/approve names), the new sort code and account number masked but their last ' +
    'four digits, the account holder, and who changed them when; `pending` is null when nothing is held. The ' +
    'full numbers never leave the server here.',
  params: idParamSchema,
  response: pendingBankChangeAnswerSchema,
  notFoundMessage: CLIENT_NOT_FOUND,
  errors: { 403: FACTOR_403 },
});

export const approveBankDetails = endpoint({
  method: 'POST',
  path: '/api/admin/clients/{id}/bank-details/approve',
  access: 'admin',
  tag: 'Clients',
  area: 'clients',
  summary: "Approves a held change of a client's bank details: their rewards can be paid again.",
  description:
    'Send the `changeId` of the held change you saw (the client’s `bankDetailsChangeId`, or GET …/pending), so ' +
    'that details put in after you looked are never approved with it. Recorded as a ' +
    '`bank_details_approved` payment-audit entry. Answers the client as GET /api/clients/{id} does, without ' +
    'its referrals.',
  params: idParamSchema,
  body: approveBankDetailsSchema,
  response: clientSchema,
  notFoundMessage: CLIENT_NOT_FOUND,
  errors: {
    403: FACTOR_403,
    409: 'Nothing is held (nothing to approve, or another admin just approved it); or a newer change replaced the one named (`code: "bank_details_changed_again"`, and `pending` holds the newer change, masked): nothing is approved.',
  },
  // The referrals area's client searches and leaderboard show a client's held bank details too.
  invalidates: ['clients', 'payments', 'referrals'],
});

export const brandedLink = endpoint({
  method: 'POST',
  path: '/api/admin/create-branded-link',
  access: 'staff',
  tag: 'Clients',
  area: 'clients',
  summary: "A client's card link, found by name: {origin}/card/{first-last}-{cardKey}.",
  description:
    'Send `firstName` and `lastName` (any case): the newest client with that name. `clientId` picks one ' +
    'client instead (the names are then still required, but not compared). Nothing is written: a card has one ' +
    'link, the same as the client’s `brandedUrl`.',
  body: brandedLinkSchema,
  response: brandedLinkResultSchema,
  errors: { 404: 'No client (deleted ones aside) has that name, or that `clientId`.' },
});
