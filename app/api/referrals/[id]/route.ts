import { route } from '@/lib/api/route';
import { markReferralContacted } from '@/lib/services/inbox';
import { changeReferralStatus, deleteReferral, REFERRAL_NOT_FOUND_TEXT } from '@/lib/services/referrals';
import { updateReferralSchema } from '@/lib/validation/leads';
import { idParamSchema } from '@/lib/validation/params';

/**
 * Story Started (to Payment Due), revert (to pending), or pending ⇄ In Progress; a rewardAmount other than the
 * referral's fixed reward is for full admins only (403 for staff) and audited; or, with
 * { "contacted": true }, the friend was contacted and leaves the new-referrals inbox (who and when recorded).
 */
export const PATCH = route(
  {
    access: 'staff',
    params: idParamSchema,
    body: updateReferralSchema,
    notFoundMessage: REFERRAL_NOT_FOUND_TEXT,
  },
  ({ params, body, user }) =>
    body.contacted
      ? markReferralContacted(params.id, user)
      : changeReferralStatus(params.id, body.status!, body.rewardAmount, user),
);

export const DELETE = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: REFERRAL_NOT_FOUND_TEXT },
  async ({ params }) => {
    await deleteReferral(params.id);
    return null;
  },
);
