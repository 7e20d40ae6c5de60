import { route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { markReferralContacted } from '@/lib/services/inbox';
import { changeReferralStatus, deleteReferral } from '@/lib/services/referrals';

/**
 * Story Started (to Payment Due), revert (to pending), or pending ⇄ In Progress; a rewardAmount other than the
 * referral's fixed reward is for full admins only (403 for staff) and audited; or, with
 * { "contacted": true }, the friend was contacted and leaves the new-referrals inbox (who and when recorded).
 */
export const PATCH = route(referrals.update, ({ params, body, user }) =>
  body.contacted
    ? markReferralContacted(params.id, user)
    : changeReferralStatus(params.id, body.status!, body.rewardAmount, user),
);

export const DELETE = route(referrals.remove, async ({ params }) => {
  await deleteReferral(params.id);
  return null;
});
