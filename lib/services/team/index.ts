/**
 * Team Reviews (spec section 5, issue 18): the public functions of lib/services/team/*, one file per concern.
 * Importers keep `@/lib/services/team`; files inside this folder import their siblings directly, never this index.
 */
export {
  MEMBER_NOT_FOUND_TEXT,
  SCAN_NOT_FOUND_TEXT,
  REVIEW_NOT_FOUND_TEXT,
  SCAN_RESOLVED_TEXT,
  REVIEW_NOT_VERIFIED_TEXT,
  BONUS_ALREADY_PAID_TEXT,
  BONUS_NOT_PAID_TEXT,
  MEMBER_ARCHIVED_TEXT,
  PENDING_SCAN_DAYS,
  SCAN_REPEAT_WINDOW_MS,
} from './common';
export {
  findTeamMember,
  reviewUrlFor,
  listTeamMembers,
  createTeamMember,
  archiveTeamMember,
  updateTeamMember,
} from './members';
export {
  trackScan,
  trackPlatformChoice,
  pendingScanWhere,
  listPendingScans,
  approveScan,
  rejectScan,
  rejectScans,
} from './scans';
export { createTeamReview } from './reviews';
export {
  reviewsByMember,
  addPence,
  teamBonusMonth,
  setBonusPaid,
  payAllBonuses,
  undoBonusPayments,
} from './bonuses';
export { teamFunnel } from './funnel';
export { teamStats } from './stats';
