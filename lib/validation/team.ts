import { z } from './zod';
import { titleCaseName } from '@/lib/names';
import { NAMES_REQUIRED_TEXT, qrQuerySchema } from './clients';
import { ukDateString } from '@/lib/uk-time';
import { auditQuerySchema } from './payments';
import { currentUkMonth } from '@/lib/uk-time';
import { parseReviewUrl, REVIEW_URL_TEXT } from '@/lib/review-url';
import { INVISIBLE_NAME_TEXT, isVisibleText } from './names';

export const REVIEWER_NAME_TEXT = 'Enter the reviewer’s name';
export const REVIEW_DATE_TEXT = 'Enter the date of the review';
export const PLATFORM_TEXT = 'Choose the platform: google or trustpilot';
export const TEAM_MEMBER_TEXT = 'Choose a team member';

export const REVIEW_PLATFORMS = ['google', 'trustpilot'] as const;
export type ReviewPlatformValue = (typeof REVIEW_PLATFORMS)[number];

const NAME_MAX = 100;
/**
 * The clinic's first day, as far as the bonus records go: a review of any date from here up to today can be
 * recorded and paid (issue 18), and the bonus months and payroll sheets reach back as far.
 */
export const FIRST_REVIEW_DATE = '2000-01-01';
export const TEAM_FIRST_YEAR = 2000;

const memberName = z
  .string({ error: NAMES_REQUIRED_TEXT })
  .trim()
  .min(1, NAMES_REQUIRED_TEXT)
  .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
  .refine(isVisibleText, INVISIBLE_NAME_TEXT)
  .transform(titleCaseName);

/** Add team member (spec section 5): first and last names non-blank after trimming; stored title-cased. */
export const createTeamMemberSchema = z.object({ firstName: memberName, lastName: memberName }).strict();

/** PATCH /api/team-members/{id} (full admins): correct the name, archive or restore. */
export const updateTeamMemberSchema = z
  .object({
    firstName: memberName.optional(),
    lastName: memberName.optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send firstName, lastName or archived',
  });

const platform = z.enum(REVIEW_PLATFORMS, { error: PLATFORM_TEXT });
const reviewerName = z
  .string({ error: REVIEWER_NAME_TEXT })
  .trim()
  .min(1, REVIEWER_NAME_TEXT)
  .max(NAME_MAX, `The reviewer’s name must be at most ${NAME_MAX} characters`)
  .refine(isVisibleText, INVISIBLE_NAME_TEXT);

/** A calendar date, YYYY-MM-DD, that exists and is not after today in the UK. */
export const reviewDateSchema = z
  .string({ error: REVIEW_DATE_TEXT })
  .refine(isCalendarDate, { message: REVIEW_DATE_TEXT, abort: true })
  .refine((v) => v <= ukDateString(new Date()), 'The review date cannot be in the future');

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < FIRST_REVIEW_DATE) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The review's public address: an https link on the platform's own domains (lib/review-url.ts). */
export const reviewUrlSchema = z
  .string({ error: REVIEW_URL_TEXT })
  .trim()
  .superRefine((value, ctx) => {
    const link = parseReviewUrl(value);
    if (!link.ok) ctx.addIssue({ code: 'custom', message: link.message });
  });

/** A platform that is sent must be the link's own: the platform is never taken on trust or guessed. */
function platformMatchesLink(v: { reviewUrl: string; platform?: ReviewPlatformValue }, ctx: z.RefinementCtx) {
  if (!v.platform) return;
  const link = parseReviewUrl(v.reviewUrl);
  if (link.ok && link.platform !== v.platform) {
    ctx.addIssue({
      code: 'custom',
      path: ['platform'],
      message: `This is a ${PLATFORM_NAMES[link.platform]} link: the platform follows from the review link`,
    });
  }
}

const PLATFORM_NAMES: Record<ReviewPlatformValue, string> = { google: 'Google', trustpilot: 'Trustpilot' };

/** 'Yes, add it': a second review by the same reviewer name for the same member and platform. */
const confirmSameReviewer = z.boolean({ error: 'confirmSameReviewer must be true or false' }).optional();

/**
 * Add verified review by hand (spec section 5, as issue 18 changed it): member, the review's link, reviewer name
 * and date; the platform follows from the link.
 */
export const createTeamReviewSchema = z
  .object({
    teamMemberId: z.uuid({ error: TEAM_MEMBER_TEXT }),
    reviewUrl: reviewUrlSchema,
    reviewerName,
    reviewDate: reviewDateSchema,
    platform: platform.optional(),
    confirmSameReviewer,
  })
  .strict()
  .superRefine(platformMatchesLink);

/** 'Verify & Approve' on a pending scan: the review's link and reviewer name; the date defaults to the scan's. */
export const approveScanSchema = z
  .object({
    reviewUrl: reviewUrlSchema,
    reviewerName,
    reviewDate: reviewDateSchema.optional(),
    platform: platform.optional(),
    confirmSameReviewer,
  })
  .strict()
  .superRefine(platformMatchesLink);

/**
 * The 'Verify & Approve' form of a pending scan: the review's link and the reviewer's name as typed, checked as
 * approveScanSchema checks them (the platform follows from the link; a same-reviewer confirmation is a button).
 */
export const approveScanFormSchema = z.object({ reviewUrl: reviewUrlSchema, reviewerName });
export type ApproveScanFormInput = z.input<typeof approveScanFormSchema>;

/** Reject many pending scans at once (full admins). */
export const rejectScansSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: 'ids must be scan ids' }), { error: 'ids must be a list of scan ids' })
      .min(1, 'ids must name at least one scan')
      .max(500, 'ids may name at most 500 scans'),
  })
  .strict();

/** A team member as the public review page names them: their id or their TM- code. */
export const memberRefSchema = z
  .string({ error: 'teamMemberId must be a team member id' })
  .trim()
  .min(1, 'teamMemberId must be a team member id')
  .max(100, 'teamMemberId must be a team member id');

/** The browser's own random session id (kept in localStorage). */
const sessionId = z
  .string({ error: 'sessionId must be text' })
  .trim()
  .min(1, 'sessionId is required')
  .max(100, 'sessionId must be at most 100 characters');

/** POST /api/track-scan (spec section 7). */
export const trackScanSchema = z.object({
  teamMemberId: memberRefSchema,
  userAgent: z
    .string({ error: 'userAgent must be text' })
    .max(1000, 'userAgent must be at most 1000 characters')
    .nullish(),
  sessionId,
  isUniqueVisitor: z.boolean({ error: 'isUniqueVisitor must be true or false' }).default(false),
});

/** POST /api/track-review-platform (spec section 7). */
export const trackPlatformSchema = z.object({
  teamMemberId: memberRefSchema,
  platform,
  sessionId,
});

const YEAR_TEXT = 'year must be a year such as 2025';
const MONTH_TEXT = 'month must be 1 (January) to 12 (December)';
const teamYear = z
  .number({ error: YEAR_TEXT })
  .int(YEAR_TEXT)
  .refine((y) => y >= TEAM_FIRST_YEAR && y <= currentUkMonth().year + 1, {
    message: `year must be between ${TEAM_FIRST_YEAR} and next year`,
  });
const teamMonth = z.number({ error: MONTH_TEXT }).int(MONTH_TEXT).min(1, MONTH_TEXT).max(12, MONTH_TEXT);
/** Query strings are text: '2025' is read as a number, but a blank is not zero, nor is '2e3' the year 2000. */
const fromQuery = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** ?year=&month= for the Bonus Payments tab and the payroll sheet: any month since the clinic's first day. */
export const teamMonthQuerySchema = z.object({
  year: z.preprocess(fromQuery, teamYear),
  month: z.preprocess(fromQuery, teamMonth),
});

/** ?year=&month= for the tracking funnel: both or neither (then this UK month). */
export const teamStatsQuerySchema = z
  .object({
    year: z.preprocess(fromQuery, teamYear).optional(),
    month: z.preprocess(fromQuery, teamMonth).optional(),
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), {
    message: 'Send both year and month, or neither',
  });

/** 'Pay All Outstanding' for one member and month. */
export const teamPayAllSchema = z
  .object({
    teamMemberId: z.uuid({ error: TEAM_MEMBER_TEXT }),
    year: teamYear,
    month: teamMonth,
  })
  .strict();

/** ?cursor=&limit= for the bonus audit log (as the payment audit's). */
export const teamAuditQuerySchema = auditQuerySchema;

/** 'Undo Bulk Payment': exactly the reviews that payment paid. */
export const undoBulkSchema = z
  .object({
    reviewIds: z
      .array(z.uuid({ error: 'reviewIds must be review ids' }), {
        error: 'reviewIds must be a list of review ids',
      })
      .min(1, 'reviewIds must name at least one review')
      .max(500, 'reviewIds may name at most 500 reviews'),
  })
  .strict();

/** ?archived=true lists the members who left. */
export const teamMembersQuerySchema = z.object({
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** ?size=200|300 for a member's QR code, and caption=1 to write its address under it (the download). */
export const memberQrQuerySchema = qrQuerySchema.extend({
  caption: z
    .enum(['0', '1'], { error: 'caption must be 0 or 1' })
    .optional()
    .transform((v) => v === '1'),
});
