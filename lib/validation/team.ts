import { z } from './zod';
import { titleCaseName } from '@/lib/services/names';
import { NAMES_REQUIRED_TEXT } from './clients';
import { ukDateString } from '@/lib/uk-time';
import { payAllSchema, reportQuerySchema } from './payments';

export const REVIEWER_NAME_TEXT = 'Enter the reviewer’s name';
export const REVIEW_DATE_TEXT = 'Enter the date of the review';
export const PLATFORM_TEXT = 'Choose the platform: google or trustpilot';
export const TEAM_MEMBER_TEXT = 'Choose a team member';

export const REVIEW_PLATFORMS = ['google', 'trustpilot'] as const;
export type ReviewPlatformValue = (typeof REVIEW_PLATFORMS)[number];

const NAME_MAX = 100;

/** Add team member (spec section 5): first and last names non-blank after trimming; stored title-cased. */
export const createTeamMemberSchema = z
  .object({
    firstName: z
      .string({ error: NAMES_REQUIRED_TEXT })
      .trim()
      .min(1, NAMES_REQUIRED_TEXT)
      .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
      .transform(titleCaseName),
    lastName: z
      .string({ error: NAMES_REQUIRED_TEXT })
      .trim()
      .min(1, NAMES_REQUIRED_TEXT)
      .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
      .transform(titleCaseName),
  })
  .strict();

const platform = z.enum(REVIEW_PLATFORMS, { error: PLATFORM_TEXT });
const reviewerName = z
  .string({ error: REVIEWER_NAME_TEXT })
  .trim()
  .min(1, REVIEWER_NAME_TEXT)
  .max(NAME_MAX, `The reviewer’s name must be at most ${NAME_MAX} characters`);

/** A calendar date, YYYY-MM-DD, that exists and is not after today in the UK. */
export const reviewDateSchema = z
  .string({ error: REVIEW_DATE_TEXT })
  .refine(isCalendarDate, { message: REVIEW_DATE_TEXT, abort: true })
  .refine((v) => v <= ukDateString(new Date()), 'The review date cannot be in the future');

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '2000-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Add verified review by hand (spec section 5): member, non-blank reviewer name, date and platform. */
export const createTeamReviewSchema = z
  .object({
    teamMemberId: z.uuid({ error: TEAM_MEMBER_TEXT }),
    reviewerName,
    reviewDate: reviewDateSchema,
    platform,
  })
  .strict();

/** 'Verify & Approve' on a pending scan: a reviewer name; date and platform default to the scan's. */
export const approveScanSchema = z
  .object({
    reviewerName,
    reviewDate: reviewDateSchema.optional(),
    platform: platform.optional(),
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

/** ?year=&month= for the Bonus Payments tab (the same range as the payment report). */
export const teamMonthQuerySchema = reportQuerySchema;

/** 'Pay All Outstanding' for one member and month. */
export const teamPayAllSchema = z
  .object({
    teamMemberId: z.uuid({ error: TEAM_MEMBER_TEXT }),
    year: payAllSchema.shape.year,
    month: payAllSchema.shape.month,
  })
  .strict();

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
