/**
 * The team endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json. Team Reviews: the team members and their QR codes,
 * the scans of those codes waiting for verification, the verified reviews and their bonuses, and the two public
 * calls the review page makes to count a visit and the platform chosen.
 */
import {
  pendingScanSchema,
  platformChoiceTrackedSchema,
  scansRejectedSchema,
  scanTrackedSchema,
  teamBonusAuditPageSchema,
  teamBonusMonthSchema,
  teamBonusResultSchema,
  teamMemberSchema,
  teamOutstandingSchema,
  teamReviewSchema,
  teamStatsSchema,
} from '@/lib/dto/team';
import { idParamSchema } from '@/lib/validation/params';
import { memberPrintQuerySchema } from '@/lib/validation/print';
import {
  approveScanSchema,
  createTeamMemberSchema,
  createTeamReviewSchema,
  memberQrQuerySchema,
  rejectScansSchema,
  teamAuditQuerySchema,
  teamMembersQuerySchema,
  teamMonthQuerySchema,
  teamPayAllSchema,
  teamStatsQuerySchema,
  trackPlatformSchema,
  trackScanSchema,
  undoBulkSchema,
  updateTeamMemberSchema,
} from '@/lib/validation/team';
import { z } from '@/lib/validation/zod';
import { endpoint } from './endpoint';
import { FACTOR_403, RECENT_FACTOR_403 } from './second-factor-errors';

/** The services' 404 texts (lib/services/team/), repeated here: a declaration stays browser-safe. */
const MEMBER_NOT_FOUND = 'That team member does not exist.';
const SCAN_NOT_FOUND = 'That scan does not exist.';
const REVIEW_NOT_FOUND = 'That review does not exist.';

const MEMBERS = 'Team members';
const REVIEWS = 'Team reviews';
const SCANS = 'Review scans';
const TRACKING = 'Review tracking';

/** Team Reviews' figures are part of the owner's Insights: a change to them makes Insights stale too. */
const TEAM_AND_INSIGHTS = ['team', 'insights'] as const;

const CREDITING =
  'The platform follows from the review’s link (a https address on Google’s or Trustpilot’s own domains); a ' +
  '`platform` that is sent must be the link’s. The same review (its platform’s review id) is credited once, ' +
  'whoever enters it; a second review by the same reviewer name for the same member on the same platform ' +
  'needs `confirmSameReviewer: true`. The bonus is the Settings’ team bonus of the moment, fixed per review. ' +
  'The date (YYYY-MM-DD) may be any day from 2000-01-01 to today (UK).';
const CREDIT_REFUSALS =
  'Already credited (`code: "duplicate_review"`, with `reviewId`, `teamMemberId` and `memberName` of the ' +
  'review already recorded), or the same reviewer name already has a review for this member on this ' +
  'platform (`code: "same_reviewer"`, with `existingDate` and `existingReviewUrl`: send again with ' +
  '`confirmSameReviewer: true` if it is another review).';

const TRACKING_LIMIT =
  'Limited per caller’s address (shared by both tracking calls; 429 with Retry-After past the limit). The ' +
  'member is named by their id or their TM- code (any case); an archived member counts nothing (404).';

// ---------- Team members ----------

export const listMembers = endpoint({
  method: 'GET',
  path: '/api/team-members',
  access: 'staff',
  tag: MEMBERS,
  area: 'team',
  summary: 'The team, oldest first, each with their QR code, verified reviews, earnings and scans.',
  description:
    '`archived=true` lists the members who left instead, for a full admin to restore them. Not paged: a ' +
    'clinic’s team is small.',
  query: teamMembersQuerySchema,
  response: z.array(teamMemberSchema),
  errors: { 403: '`archived=true` from a member of staff who is not a full admin.' },
});

export const createMember = endpoint({
  method: 'POST',
  path: '/api/team-members',
  access: 'staff',
  tag: MEMBERS,
  area: 'team',
  summary: 'Adds a team member, with a new unique TM- code for their QR code.',
  description:
    'First and last names are required (at most 100 characters each) and are stored title-cased. The answer ' +
    'is the new member with zero figures.',
  body: createTeamMemberSchema,
  response: teamMemberSchema,
  status: 201,
  invalidates: TEAM_AND_INSIGHTS,
});

export const updateMember = endpoint({
  method: 'PATCH',
  path: '/api/team-members/{id}',
  access: 'admin',
  tag: MEMBERS,
  area: 'team',
  summary: 'Corrects a member’s name, or archives (`archived: true`) or restores (`archived: false`) them.',
  description:
    'Send at least one of `firstName`, `lastName`, `archived`. A new name shows in the lists and the bonus ' +
    'months; the audit log keeps the name of the moment each payment was made. Archiving is as DELETE; ' +
    'restoring brings the member back to the lists and their QR code back to life. The answer is the member ' +
    'with their figures.',
  params: idParamSchema,
  body: updateTeamMemberSchema,
  response: teamMemberSchema,
  invalidates: TEAM_AND_INSIGHTS,
  notFoundMessage: MEMBER_NOT_FOUND,
});

export const archiveMember = endpoint({
  method: 'DELETE',
  path: '/api/team-members/{id}',
  access: 'admin',
  tag: MEMBERS,
  area: 'team',
  summary: 'Archives a member who left: nothing is deleted.',
  description:
    'The member leaves the active lists, the leaderboard and the review page (their QR code counts no new ' +
    'visits: 404). Their reviews stay, so every month’s bonus report keeps what was paid and owed, under ' +
    'their name; bonuses already verified stay owed and can still be paid. Their scans still waiting for ' +
    'verification are rejected. Archiving twice changes nothing (the first date stays).',
  params: idParamSchema,
  invalidates: TEAM_AND_INSIGHTS,
  notFoundMessage: MEMBER_NOT_FOUND,
});

export const memberQr = endpoint({
  method: 'GET',
  path: '/api/team-members/{id}/qr',
  access: 'staff',
  tag: MEMBERS,
  area: 'team',
  summary: 'The member’s QR code: a PNG of their public review page’s address.',
  description:
    '`size` is 200 (the default) or 300 pixels; `caption=1` writes the address under the code (the ' +
    'download, for printing). Made by this app, not an outside service; cached privately for an hour. An ' +
    'archived member has no QR code (404).',
  params: idParamSchema,
  query: memberQrQuerySchema,
  produces: 'png',
  notFoundMessage: MEMBER_NOT_FOUND,
});

export const memberPrint = endpoint({
  method: 'GET',
  path: '/api/team-members/{id}/print',
  access: 'staff',
  tag: MEMBERS,
  area: 'team',
  summary: 'The member’s review QR code to print: an A6 counter card or an A4 poster (a PDF download).',
  description:
    '`format` is `a6` (the counter card) or `a4` (the poster), in any case. The PDF holds the clinic’s name, ' +
    'logo and contact details from Settings, the member’s name and the QR code of their review page, whose ' +
    'address is also in the X-QR-Address header (to warn before a code that leads nowhere is printed). An ' +
    'archived member has nothing to print (404).',
  params: idParamSchema,
  query: memberPrintQuerySchema,
  produces: 'pdf',
  notFoundMessage: MEMBER_NOT_FOUND,
});

// ---------- Team reviews and bonuses ----------

export const bonusMonth = endpoint({
  method: 'GET',
  path: '/api/team-reviews',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: 'A month’s reviews per member (by review date), with the bonus owed and paid.',
  description:
    '`year` (2000 to next year) and `month` (1 to 12) are required. Members by name; an archived member with ' +
    'reviews that month is listed under their name, their month as it was.',
  query: teamMonthQuerySchema,
  response: teamBonusMonthSchema,
});

export const createReview = endpoint({
  method: 'POST',
  path: '/api/team-reviews',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: 'Adds a verified review by hand, with its public link: the member earns its bonus.',
  description: CREDITING,
  body: createTeamReviewSchema,
  response: teamReviewSchema,
  status: 201,
  errors: {
    404: `No such team member (\`teamMemberId\`): “${MEMBER_NOT_FOUND}”`,
    409: `The member is archived (restore them first), or: ${CREDIT_REFUSALS}`,
  },
  invalidates: TEAM_AND_INSIGHTS,
});

/** A review's bonus payment: marked paid (POST) or undone (DELETE), both answered with the review. */
const bonusPayment = {
  path: '/api/team-reviews/{id}/payment',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  params: idParamSchema,
  response: teamReviewSchema,
  invalidates: TEAM_AND_INSIGHTS,
  notFoundMessage: REVIEW_NOT_FOUND,
} as const;

export const payBonus = endpoint({
  ...bonusPayment,
  method: 'POST',
  summary: '‘Mark Paid’: records a verified review’s bonus as paid.',
  description:
    'Records a `bonus_paid` entry in the team bonus audit log (who, when, how much) in the same transaction. ' +
    'Two calls at once make one payment: the other is refused with nothing written.',
  errors: {
    403: RECENT_FACTOR_403,
    409: 'The bonus is already marked paid, or the review is not verified (it earns no bonus).',
  },
});

export const undoBonus = endpoint({
  ...bonusPayment,
  method: 'DELETE',
  summary: 'Undoes a bonus payment: the bonus is owed again.',
  description: 'Records a `bonus_undone` entry in the team bonus audit log in the same transaction.',
  errors: { 403: FACTOR_403, 409: 'The bonus is not marked paid.' },
});

export const payAll = endpoint({
  method: 'POST',
  path: '/api/team-reviews/pay-all',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: '‘Pay All Outstanding’: pays every verified, unpaid bonus of one member for one month.',
  description:
    'All or nothing, each review audited as `bonus_paid`. The answer lists exactly the reviews paid now and ' +
    'their total (pounds); keep their ids to undo this payment (POST /api/team-reviews/undo-bulk). Nothing ' +
    'owed that month is not an error: the answer is empty with a total of 0.',
  body: teamPayAllSchema,
  response: teamBonusResultSchema,
  errors: { 403: RECENT_FACTOR_403, 404: `No such team member: “${MEMBER_NOT_FOUND}”` },
  invalidates: TEAM_AND_INSIGHTS,
});

export const undoBulk = endpoint({
  method: 'POST',
  path: '/api/team-reviews/undo-bulk',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: '‘Undo Bulk Payment’: un-pays exactly the reviews a Pay All paid.',
  description:
    '`reviewIds`: 1 to 500 review ids (the body may be up to 32 KiB). Those still paid are un-paid, each ' +
    'audited as `bonus_undone`; the others are left as they are. The answer lists the reviews un-paid and ' +
    'their total (pounds).',
  body: undoBulkSchema,
  response: teamBonusResultSchema,
  errors: { 403: FACTOR_403, 409: 'None of these bonuses is marked paid.' },
  invalidates: TEAM_AND_INSIGHTS,
  maxBodyBytes: 32 * 1024,
});

export const outstanding = endpoint({
  method: 'GET',
  path: '/api/team-reviews/outstanding',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: 'Every verified, unpaid review of any month, oldest first, with a total per member.',
  description: 'Members by their oldest unpaid review; archived members included (their bonuses stay owed).',
  response: teamOutstandingSchema,
});

export const payrollCsv = endpoint({
  method: 'GET',
  path: '/api/team-reviews/payroll.csv',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: 'A month’s bonus sheet for payroll (CSV): member, verified reviews, bonus owed, bonus paid.',
  description:
    'One line per member with a verified review dated in the month (archived members included), amounts in ' +
    'plain pounds. The file is `team-bonuses-YYYY-MM.csv`; the X-Payroll-Month header names the month ' +
    '(e.g. “March 2025”). Cells that a spreadsheet would run as a formula are neutralised.',
  query: teamMonthQuerySchema,
  produces: 'csv',
});

export const audit = endpoint({
  method: 'GET',
  path: '/api/team-reviews/audit',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: 'The team bonus audit log: every bonus paid and undone, newest first, a page at a time.',
  description:
    '`limit` entries a page (as the payment audit’s); pass the answer’s `nextCursor` back as `cursor` for ' +
    'the next, older page (null at the end). Stable while entries are added. Each entry keeps the member’s ' +
    'name of the moment it was made.',
  query: teamAuditQuerySchema,
  response: teamBonusAuditPageSchema,
});

export const auditCsv = endpoint({
  method: 'GET',
  path: '/api/team-reviews/audit.csv',
  access: 'admin',
  tag: REVIEWS,
  area: 'team',
  summary: 'The whole team bonus audit log as CSV, newest first.',
  description:
    'Date and time (UK), action, team member, reviewer, review date, amount (GBP) and who did it. The file ' +
    'is `team-bonus-audit-log-YYYY-MM-DD.csv` (today, UK).',
  produces: 'csv',
});

// ---------- Review scans ----------

export const pendingScans = endpoint({
  method: 'GET',
  path: '/api/team-scans',
  access: 'admin',
  tag: SCANS,
  area: 'team',
  summary: 'Scans waiting for verification, newest first (the Verify list).',
  description:
    'Scans of the last 30 days still pending, at most 500; older ones leave the list by themselves (they stay ' +
    'in the statistics). Each names the platform the visitor chose on the review page, if any.',
  response: z.array(pendingScanSchema),
});

export const approveScan = endpoint({
  method: 'POST',
  path: '/api/team-scans/{id}/approve',
  access: 'admin',
  tag: SCANS,
  area: 'team',
  summary: '‘Verify & Approve’: the scan becomes a verified review of its member, with its link.',
  description: `${CREDITING} Without \`reviewDate\` the review is dated the scan’s day (UK). The scan leaves the Verify list.`,
  params: idParamSchema,
  body: approveScanSchema,
  response: teamReviewSchema,
  status: 201,
  errors: { 409: `The scan has already been verified or rejected, or: ${CREDIT_REFUSALS}` },
  invalidates: TEAM_AND_INSIGHTS,
  notFoundMessage: SCAN_NOT_FOUND,
});

export const rejectScan = endpoint({
  method: 'POST',
  path: '/api/team-scans/{id}/reject',
  access: 'admin',
  tag: SCANS,
  area: 'team',
  summary: '‘Reject’: dismisses the scan from the Verify list; it stays on record.',
  params: idParamSchema,
  errors: { 409: 'The scan has already been verified or rejected.' },
  invalidates: ['team'],
  notFoundMessage: SCAN_NOT_FOUND,
});

export const rejectScans = endpoint({
  method: 'POST',
  path: '/api/team-scans/reject',
  access: 'admin',
  tag: SCANS,
  area: 'team',
  summary: '‘Reject selected’: dismisses many pending scans at once.',
  description:
    '`ids`: 1 to 500 scan ids (the body may be up to 32 KiB). Those still pending are rejected; the others ' +
    '(already verified or rejected, or unknown) are left as they are and counted in `alreadyResolved`.',
  body: rejectScansSchema,
  response: scansRejectedSchema,
  invalidates: ['team'],
  maxBodyBytes: 32 * 1024,
});

export const stats = endpoint({
  method: 'GET',
  path: '/api/team-stats',
  access: 'staff',
  tag: SCANS,
  area: 'team',
  summary: 'Scan totals, the review leaderboard and a month’s tracking funnel.',
  description:
    'The funnel is of the month asked for (`year` and `month`, both or neither; else this UK month): per ' +
    'member, visits to the review page, visitors who chose a platform, and verified reviews dated in the ' +
    'month. The totals include archived members’ scans; the leaderboard is the current team only.',
  query: teamStatsQuerySchema,
  response: teamStatsSchema,
});

// ---------- Review tracking (the public review page) ----------

export const trackScan = endpoint({
  method: 'POST',
  path: '/api/track-scan',
  access: 'public',
  tag: TRACKING,
  area: 'team',
  summary: 'Counts a visit to a team member’s review page (a scan of their QR code).',
  description:
    '201 with the new scan, which waits for verification. The same browser session re-opening the same ' +
    'member’s page within 30 minutes is the same visit: 200 with that scan and `created: false`. ' +
    '`isUniqueVisitor` is believed only if this session never scanned this member before. Until the clinic ' +
    'sets its review links the page can do nothing useful, so nothing is counted: 200 with `counted: false` ' +
    `and \`scanId: null\`. ${TRACKING_LIMIT}`,
  body: trackScanSchema,
  response: scanTrackedSchema,
  status: 201,
  errors: {
    404: `No such team member, or an archived one: “${MEMBER_NOT_FOUND}”`,
    429: 'Too many calls from this address: wait as Retry-After says.',
  },
  maxBodyBytes: 4 * 1024,
});

export const trackPlatform = endpoint({
  method: 'POST',
  path: '/api/track-review-platform',
  access: 'public',
  tag: TRACKING,
  area: 'team',
  summary: 'Records the platform a visitor chose on a team member’s review page.',
  description: `A visitor may choose both platforms; each choice is kept. ${TRACKING_LIMIT}`,
  body: trackPlatformSchema,
  response: platformChoiceTrackedSchema,
  status: 201,
  errors: {
    404: `No such team member, or an archived one: “${MEMBER_NOT_FOUND}”`,
    429: 'Too many calls from this address: wait as Retry-After says.',
  },
  maxBodyBytes: 4 * 1024,
});
