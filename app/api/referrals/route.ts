import { json, pagedJson, route } from '@/lib/api/route';
import { createReferral, listReferrals } from '@/lib/services/referrals';
import { createReferralSchema } from '@/lib/validation/leads';
import { referralListQuerySchema } from '@/lib/validation/paging';

/** Referrals newest first, paged (limit, cursor), one client's (clientId) and searchable (q). */
export const GET = route({ access: 'staff', query: referralListQuerySchema }, async ({ query }) =>
  pagedJson(await listReferrals(query)),
);

/** A pending referral of an existing lead by a client (spec section 7). */
export const POST = route({ access: 'staff', body: createReferralSchema }, async ({ body }) =>
  json(await createReferral(body), { status: 201 }),
);
