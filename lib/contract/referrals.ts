/**
 * The referrals endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json. The new-referrals inbox and the owner's Insights
 * are declared here too: both are read from the referrals and their leads.
 */
import { z } from '@/lib/validation/zod';
import { insightsSchema } from '@/lib/dto/insights';
import { inboxItemSchema, leadExportSchema, paymentResultSchema, referralSchema } from '@/lib/dto/referrals';
import { insightsQuerySchema } from '@/lib/validation/insights';
import { createReferralSchema, updateReferralSchema } from '@/lib/validation/leads';
import { inboxQuerySchema, referralListQuerySchema } from '@/lib/validation/paging';
import { idParamSchema } from '@/lib/validation/params';
import { endpoint } from './endpoint';
import { FACTOR_403, RECENT_FACTOR_403 } from './second-factor-errors';

const REFERRAL_NOT_FOUND = 'That referral does not exist.';

export const list = endpoint({
  method: 'GET',
  path: '/api/referrals',
  access: 'staff',
  tag: 'Referrals',
  area: 'referrals',
  summary: 'Referrals, newest first: all, or one client’s, searchable.',
  description:
    'Paged (`limit` 1 to 500, default 100; `cursor` from X-Next-Cursor). `clientId` gives one client’s ' +
    'referrals (404 when no such client); `q` searches the friend’s name (each word), email, or phone number ' +
    'in any usual form.',
  query: referralListQuerySchema,
  response: referralSchema,
  paged: true,
  errors: { 404: 'clientId names no client (or a deleted one).' },
});

export const create = endpoint({
  method: 'POST',
  path: '/api/referrals',
  access: 'staff',
  tag: 'Referrals',
  area: 'referrals',
  summary: 'Records that a client referred an existing lead.',
  description:
    'The referral starts pending, with the reward the programme promises now (it stays fixed). `referrerId` is ' +
    'the client’s id or card number. A new lead is added through POST /api/leads instead.',
  body: createReferralSchema,
  response: referralSchema,
  status: 201,
  errors: {
    404: 'No such client, or no such lead.',
    409: 'The lead’s email is the client’s own (no reward for referring oneself), or this client already referred this lead (the body’s `referral` is that referral).',
  },
  invalidates: ['referrals', 'clients', 'inbox', 'insights'],
});

export const update = endpoint({
  method: 'PATCH',
  path: '/api/referrals/{id}',
  access: 'staff',
  tag: 'Referrals',
  area: 'referrals',
  summary: 'Moves a referral on (pending, In Progress, Story Started), or marks its friend contacted.',
  description:
    'Send `status` or `contacted: true`, not both.\n\n' +
    '- `status: "Payment Due"` is Story Started: the referral owes its reward (fixed when the friend was ' +
    'referred). A `rewardAmount` (pounds, at most £5,000, whole pence) other than that reward is a full ' +
    'admin’s decision only (403 for other staff, nothing written) and is kept in the payment audit.\n' +
    '- `status: "pending"` or `"In Progress"` moves it back or on; from Payment Due it reverts (the reward ' +
    'is no longer owed, the promised amount is kept), unless the reward was paid.\n' +
    '- `contacted: true`: the friend was reached; the lead leaves the new-referrals inbox, with who and when ' +
    'kept. The answer is then the inbox item (as PATCH /api/leads/{id} answers), not the referral.',
  params: idParamSchema,
  body: updateReferralSchema,
  response: z.union([referralSchema, inboxItemSchema]).meta({
    description: 'The referral as it now is; for `contacted: true`, its lead as the inbox lists it.',
  }),
  errors: {
    403: 'A `rewardAmount` other than the referral’s fixed reward, from staff who are not full admins (nothing is written); or a cross-site request.',
    409: 'Refused by the referral’s state: its story has already started, its reward is paid (undo the payment first), it is a self-referral (it earns no reward), its client was deleted, or someone else changed it at the same moment.',
  },
  invalidates: ['referrals', 'clients', 'payments', 'inbox', 'insights'],
  notFoundMessage: REFERRAL_NOT_FOUND,
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/referrals/{id}',
  access: 'admin',
  tag: 'Referrals',
  area: 'referrals',
  summary: 'Deletes a referral that has not been paid.',
  description:
    'The lead stays. A paid reward is a money record and is never deleted: undo the payment first if it ' +
    'was marked by mistake.',
  params: idParamSchema,
  errors: { 409: 'The referral’s reward has been paid, so it stays in the payment records.' },
  invalidates: ['referrals', 'clients', 'payments', 'inbox', 'insights'],
  notFoundMessage: REFERRAL_NOT_FOUND,
});

/** A referral's payment: paid (POST) or undone (DELETE), both answered with the referral and its email. */
const payment = {
  path: '/api/referrals/{id}/payment',
  tag: 'Referrals',
  area: 'referrals',
  params: idParamSchema,
  response: paymentResultSchema,
  invalidates: ['payments', 'clients', 'referrals', 'messages', 'insights'],
  notFoundMessage: REFERRAL_NOT_FOUND,
} as const;

export const pay = endpoint({
  ...payment,
  method: 'POST',
  access: 'staff',
  summary: 'Marks a Payment Due referral’s reward paid.',
  description:
    'Records a `payment_marked` audit entry (who, when, how much) in the same transaction. The referring ' +
    'client is emailed that the reward was paid once the clinic’s undo window (Settings, ' +
    '`paidEmailDelayMinutes`) has passed; `paidEmail` says whether that email was queued. Two calls at once ' +
    'make one payment: the other is refused.',
  errors: {
    403: RECENT_FACTOR_403,
    409: 'Not payable: the story has not started (not Payment Due), the reward is already paid, the client was deleted, or the client’s bank details were changed and wait for a full admin’s approval (`code: "bank_details_held"`).',
  },
});

export const undoPayment = endpoint({
  ...payment,
  method: 'DELETE',
  access: 'admin',
  summary: 'Undoes a reward’s payment.',
  description:
    'Records a `payment_undone` audit entry; the referral is Payment Due and owed again. The ‘reward paid’ ' +
    'email is cancelled if it has not gone yet, or a correction is sent if it has (`paidEmail` says which).',
  errors: {
    403: FACTOR_403,
    409: 'The reward is not marked paid, or the client was deleted (the record can no longer change).',
  },
});

export const exportLead = endpoint({
  method: 'GET',
  path: '/api/referrals/{id}/export',
  access: 'admin',
  tag: 'Referrals',
  area: 'referrals',
  summary: 'Everything held about the friend behind a referral (a subject access request).',
  description:
    'A JSON download (Content-Disposition: attachment; filename `lead-{id}.json`): what the form recorded, ' +
    'with the marketing answer and its time, and every referral of the friend as facts (status, reward, ' +
    'dates), each with its referring client’s card number. The lead as recorded also holds `referrerId` and, ' +
    'in `recommendedBy`, the referring client’s name (or the name the friend typed).',
  params: idParamSchema,
  response: leadExportSchema,
  notFoundMessage: REFERRAL_NOT_FOUND,
});

export const inbox = endpoint({
  method: 'GET',
  path: '/api/referrals/inbox',
  access: 'staff',
  tag: 'Referrals',
  area: 'inbox',
  summary: 'The new-referrals inbox: friends still waiting for a call, newest first.',
  description:
    'A lead waits while nobody has reached the friend (no outcome, or `no-answer`), it is not erased, and ' +
    'none of its referrals has moved on past pending. X-Total-Count is the inbox’s count (the navigation’s ' +
    'badge). With `reached=recent`: the friends reached in the last 24 hours instead, most recently reached ' +
    'first, so that a mistaken outcome can be changed or cleared. Paged (`limit`, `cursor`).',
  query: inboxQuerySchema,
  response: inboxItemSchema,
  paged: true,
});

export const insights = endpoint({
  method: 'GET',
  path: '/api/insights',
  access: 'admin',
  tag: 'Insights',
  area: 'insights',
  summary: 'Is the programme paying off? The owner’s figures for the last `months` UK months.',
  description:
    '`months` 1 to 36 (default 12), this month included. Each month’s leads, contacts, Story Started and ' +
    'rewards (a month’s conversions and rewards equal its monthly payment report to the penny), the funnel, ' +
    'the cost per new patient, how long leads wait for a call (and how many still wait, as the inbox counts ' +
    'them), the top ten referrers, card numbers that matched no client, and each team member’s Team Reviews. ' +
    'Amounts in pounds.',
  query: insightsQuerySchema,
  response: insightsSchema,
});
