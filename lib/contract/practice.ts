/**
 * Story Started from the practice's own records (issue 34): see lib/contract/endpoint.ts. Practice records
 * (an upload, Dentally, the integration API) are matched to open referrals; staff confirm or reject each
 * proposal, and full admins may confirm every high-confidence one at once.
 */
import { confirmHighResultSchema, practiceMatchSchema } from '@/lib/dto/practice-matches';
import { idParamSchema } from '@/lib/validation/params';
import { practiceMatchListQuerySchema } from '@/lib/validation/practice-records';
import { endpoint } from './endpoint';

const NOT_FOUND = 'No proposal has that id.';

export const listMatches = endpoint({
  method: 'GET',
  path: '/api/practice-matches',
  access: 'staff',
  tag: 'Practice records',
  area: 'referrals',
  summary: "Proposals from the practice's records: a referral's friend who seems to have started treatment.",
  description:
    '`status` proposed (the default: those still to decide, whose referral is still pending or In Progress), ' +
    'confirmed or rejected. Newest first, paged (`limit` 1 to 100, default 50; `cursor` from X-Next-Cursor; ' +
    'X-Total-Count). Each gives the referral, the practice record (only what matching keeps), the confidence ' +
    'and the reasons: the same email, or the same UK phone and surname, are high; the same phone or full name ' +
    'alone, or the same phone with another surname, are low.',
  query: practiceMatchListQuerySchema,
  response: practiceMatchSchema,
  paged: true,
});

export const confirmMatch = endpoint({
  method: 'POST',
  path: '/api/practice-matches/{id}/confirm',
  access: 'staff',
  tag: 'Practice records',
  area: 'referrals',
  summary: "Confirm a proposal: the referral's story starts, on the day of the practice's record.",
  description:
    'The referral goes to Payment Due with the reward fixed when the friend was referred, converted on the ' +
    "record's `eventDate`, and the payment audit records 'Story Started, confirmed from practice records " +
    "(source) by …'. Nothing is sent to the referrer.",
  params: idParamSchema,
  response: practiceMatchSchema,
  notFoundMessage: NOT_FOUND,
  errors: {
    409: "The proposal was decided already, or its referral's story has started (or its client was deleted).",
  },
  invalidates: ['referrals', 'clients', 'payments', 'insights'],
});

export const rejectMatch = endpoint({
  method: 'POST',
  path: '/api/practice-matches/{id}/reject',
  access: 'staff',
  tag: 'Practice records',
  area: 'referrals',
  summary: '"Not this person": the record is never proposed for this referral again.',
  params: idParamSchema,
  response: practiceMatchSchema,
  notFoundMessage: NOT_FOUND,
  errors: { 409: 'The proposal was decided already.' },
  invalidates: ['referrals'],
});

export const confirmHigh = endpoint({
  method: 'POST',
  path: '/api/practice-matches/confirm-high',
  access: 'admin',
  tag: 'Practice records',
  area: 'referrals',
  summary: 'Confirm every high-confidence proposal whose referral is still open.',
  description:
    "A referral proposed more than once starts on its earliest record's day. Low-confidence proposals are " +
    'left for staff to look at.',
  response: confirmHighResultSchema,
  invalidates: ['referrals', 'clients', 'payments', 'insights'],
});
