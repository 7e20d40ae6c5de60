/**
 * Referrals (spec section 3): the public functions of lib/services/referrals/*, one file per concern.
 * Importers keep `@/lib/services/referrals`; files inside this folder import their siblings directly, never this index.
 */
export {
  REFERRAL_NOT_FOUND_TEXT,
  LEAD_NOT_FOUND_TEXT,
  DUPLICATE_REFERRAL_TEXT,
  SELF_REFERRAL_TEXT,
  PAID_REFERRAL_DELETE_TEXT,
  DELETED_CLIENT_REFERRAL_TEXT,
  promisedRewardPence,
} from './common';
export { referralPageSql, referralCountSql, listReferrals, type ReferralListOptions } from './list';
export { SELF_REFERRAL_NO_REWARD_TEXT, createReferral, deleteReferral } from './create';
export { rewardChangeForbiddenText, changeReferralStatus } from './status';
export {
  rewardPaidMessages,
  rewardPaidCorrectionMessages,
  PAID_EMAIL_CANCELLED_TEXT,
  withdrawRewardPaid,
  type PaidItem,
  type PaidEmailOutcome,
} from './paid-emails';
export { setRewardPaid } from './payment';
