import { pagedJson, route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { createReferral, listReferrals } from '@/lib/services/referrals';

/** Referrals newest first, paged (limit, cursor), one client's (clientId) and searchable (q). */
export const GET = route(referrals.list, async ({ query }) => pagedJson(await listReferrals(query)));

/** A pending referral of an existing lead by a client (spec section 7). */
export const POST = route(referrals.create, async ({ body }) => createReferral(body));
