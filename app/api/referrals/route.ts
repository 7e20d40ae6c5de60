import { json, route } from '@/lib/api/route';
import { createReferral, listReferrals } from '@/lib/services/referrals';
import { createReferralSchema } from '@/lib/validation/leads';

export const GET = route({ access: 'staff' }, () => listReferrals());

/** A pending referral of an existing lead by a client (spec section 7). */
export const POST = route({ access: 'staff', body: createReferralSchema }, async ({ body }) =>
  json(await createReferral(body), { status: 201 }),
);
