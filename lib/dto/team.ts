/**
 * Answers of the Team Reviews API (issue 30): each a zod schema (the contract, checked against every real answer
 * in the integration suite) with its TypeScript type inferred from it. Amounts are pounds; dates ISO
 * (reviewDate: YYYY-MM-DD). Safe to import from the browser: schemas and pure mappers only (the Prisma import is
 * a type).
 */
import { z } from '@/lib/validation/zod';
import type { Prisma } from '@/lib/generated/prisma/client';
import { toPounds } from '@/lib/money';
import { fullName } from '@/lib/names';
import { teamReviewStatus } from '@/lib/team-status';
import { currentUkMonth } from '@/lib/uk-time';

/** The review platforms a team member's review page offers. */
export const reviewPlatformSchema = z.enum(['google', 'trustpilot']).meta({
  id: 'ReviewPlatform',
  description: 'The platform of a review: Google or Trustpilot.',
});
export type ReviewPlatform = z.infer<typeof reviewPlatformSchema>;

/** The spec's Team member (section 3), with real figures. */
export const teamMemberSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** TM-XXXX-XXXX-XXXX-XXXX */
    qrCode: z
      .string()
      .meta({ description: "The member's code, TM-XXXX-XXXX-XXXX-XXXX, which the QR code carries." }),
    /** The public review page the QR code opens: {origin}/review/{qrCode}. */
    reviewUrl: z
      .string()
      .meta({ description: 'The public review page the QR code opens: {origin}/review/{qrCode}.' }),
    /** Verified reviews. */
    reviewsCount: z.number().int().meta({ description: 'Verified reviews.' }),
    /** Bonus of every verified review. */
    totalEarned: z.number().meta({ description: 'Pounds: the bonus of every verified review.' }),
    /** Bonus of verified reviews dated this month (UK). */
    monthlyEarned: z
      .number()
      .meta({ description: 'Pounds: the bonus of verified reviews dated this month (UK).' }),
    /** Scans of the member's QR code, and those from visitors new to this member. */
    scans: z.number().int().meta({ description: "Scans of the member's QR code." }),
    uniqueVisitors: z.number().int().meta({ description: 'Scans from visitors new to this member.' }),
    createdAt: z.iso.datetime(),
    /** When the member was archived (they left), or null while they are on the team. */
    archivedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'When the member was archived (they left), or null while they are on the team.' }),
  })
  .meta({ id: 'TeamMember', description: 'A member of the clinic’s team, with their QR code and figures.' });
export type TeamMemberDto = z.infer<typeof teamMemberSchema>;

/** The public review page a member's QR code opens. */
export const reviewUrlFor = (origin: string, code: string) => `${origin}/review/${code}`;

type MemberRow = {
  id: string;
  firstName: string;
  lastName: string;
  code: string;
  scanCount: number;
  uniqueVisitorCount: number;
  createdAt: Date;
  archivedAt: Date | null;
};

export function toMemberDto(
  member: MemberRow,
  origin: string,
  figures: Pick<TeamMemberDto, 'reviewsCount' | 'totalEarned' | 'monthlyEarned'>,
): TeamMemberDto {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    qrCode: member.code,
    reviewUrl: reviewUrlFor(origin, member.code),
    ...figures,
    scans: member.scanCount,
    uniqueVisitors: member.uniqueVisitorCount,
    createdAt: member.createdAt.toISOString(),
    archivedAt: member.archivedAt?.toISOString() ?? null,
  };
}

/** The spec's Team review (section 3). */
export const teamReviewSchema = z
  .object({
    id: z.uuid(),
    teamMemberId: z.uuid(),
    memberName: z.string(),
    reviewerName: z.string(),
    /** YYYY-MM-DD */
    date: z.iso.date().meta({ description: "The review's date (YYYY-MM-DD)." }),
    platform: reviewPlatformSchema,
    /** The review's public address (null for reviews recorded before links were required). */
    reviewUrl: z.string().nullable().meta({
      description: "The review's public address (null for reviews recorded before links were required).",
    }),
    /** The bonus, in pounds, fixed when the review was verified. */
    bonusAmount: z
      .number()
      .meta({ description: 'The bonus, in pounds, fixed when the review was verified.' }),
    verifiedDate: z.iso.datetime().nullable(),
    paidDate: z.iso.datetime().nullable(),
    isThisMonth: z.boolean().meta({ description: 'The review is dated this month (UK).' }),
    isPaid: z.boolean(),
    /** 'Pending Verification', 'Bonus Due' or '£10.00 Paid' (spec section 4). */
    status: z
      .string()
      .meta({ description: "'Pending Verification', 'Bonus Due' or '£10.00 Paid' (the amount paid)." }),
  })
  .meta({ id: 'TeamReview', description: 'A review credited to a team member, with its bonus.' });
export type TeamReviewDto = z.infer<typeof teamReviewSchema>;

/** A @db.Date column's value as the API writes it: YYYY-MM-DD. */
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** What a team review's DTO is read from. */
export const reviewSelect = {
  id: true,
  teamMemberId: true,
  reviewerName: true,
  reviewDate: true,
  platform: true,
  reviewUrl: true,
  bonusPence: true,
  verifiedAt: true,
  paidAt: true,
  teamMember: { select: { firstName: true, lastName: true, archivedAt: true } },
} satisfies Prisma.TeamReviewSelect;

export type ReviewRow = Prisma.TeamReviewGetPayload<{ select: typeof reviewSelect }>;

export function toTeamReviewDto(row: ReviewRow, now = new Date()): TeamReviewDto {
  const { year, month } = currentUkMonth(now);
  const date = isoDate(row.reviewDate);
  return {
    id: row.id,
    teamMemberId: row.teamMemberId,
    memberName: fullName(row.teamMember),
    reviewerName: row.reviewerName,
    date,
    platform: row.platform,
    reviewUrl: row.reviewUrl,
    bonusAmount: toPounds(row.bonusPence),
    verifiedDate: row.verifiedAt?.toISOString() ?? null,
    paidDate: row.paidAt?.toISOString() ?? null,
    isThisMonth: date.startsWith(`${year}-${String(month).padStart(2, '0')}-`),
    isPaid: row.paidAt !== null,
    status: teamReviewStatus(row),
  };
}

/** The spec's Pending scan (section 3). */
export const pendingScanSchema = z
  .object({
    id: z.uuid(),
    teamMemberId: z.uuid(),
    memberName: z.string(),
    /** The platform the visitor chose on the review page, if they chose one. */
    platform: reviewPlatformSchema
      .nullable()
      .meta({ description: 'The platform the visitor chose on the review page, if they chose one.' }),
    scannedTime: z.iso.datetime(),
  })
  .meta({ id: 'PendingScan', description: "A visit to a member's review page, waiting for verification." });
export type PendingScanDto = z.infer<typeof pendingScanSchema>;

/** A month's tracking funnel for one member: visits, platform choices, verified reviews. */
export const teamFunnelRowSchema = z
  .object({
    teamMemberId: z.uuid(),
    name: z.string(),
    archived: z.boolean(),
    /** Visits to the review page (scans) in the month. */
    visits: z.number().int().meta({ description: 'Visits to the review page (scans) in the month.' }),
    /** Visitors who chose a platform, and which (a visitor may try both). */
    chosePlatform: z
      .number()
      .int()
      .meta({ description: 'Visitors who chose a platform, and which (a visitor may try both).' }),
    choseGoogle: z.number().int(),
    choseTrustpilot: z.number().int(),
    /** Verified reviews dated in the month. */
    verifiedReviews: z.number().int().meta({ description: 'Verified reviews dated in the month.' }),
  })
  .meta({
    id: 'TeamFunnelRow',
    description: "A month's tracking funnel for one member: visits, platform choices, verified reviews.",
  });
export type TeamFunnelRowDto = z.infer<typeof teamFunnelRowSchema>;

export const teamFunnelSchema = z
  .object({
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    members: z.array(teamFunnelRowSchema),
    totals: teamFunnelRowSchema
      .omit({ teamMemberId: true, name: true, archived: true })
      .meta({ id: 'TeamFunnelTotals', description: "The month's funnel for the whole team." }),
  })
  .meta({
    id: 'TeamFunnel',
    description:
      'A UK month’s tracking funnel per member: the current team always, archived members with figures that month.',
  });
export type TeamFunnelDto = z.infer<typeof teamFunnelSchema>;

/** One line of the team leaderboard. */
export const teamLeaderboardEntrySchema = z
  .object({
    teamMemberId: z.uuid(),
    name: z.string(),
    reviewsCount: z.number().int(),
    totalEarned: z.number().meta({ description: 'Pounds.' }),
    scans: z.number().int(),
  })
  .meta({ id: 'TeamLeaderboardEntry', description: 'A member of the current team on the leaderboard.' });

export const teamStatsSchema = z
  .object({
    totalScans: z.number().int(),
    uniqueVisitors: z.number().int(),
    /** Scans waiting for verification (those under 30 days old: older ones leave the Verify list). */
    pendingScans: z.number().int().meta({
      description:
        'Scans waiting for verification (those under 30 days old: older ones leave the Verify list).',
    }),
    /** The month asked for (?year=&month=, else this UK month), per member. */
    funnel: teamFunnelSchema,
    /** By verified reviews, most first; ties by name. */
    leaderboard: z
      .array(teamLeaderboardEntrySchema)
      .meta({ description: 'The current team by verified reviews, most first; ties by name.' }),
  })
  .meta({ id: 'TeamStats', description: 'Scan totals, the leaderboard and a month’s tracking funnel.' });
export type TeamStatsDto = z.infer<typeof teamStatsSchema>;

/** GET /api/team-reviews?year=&month=: one member's month. */
export const teamBonusMonthMemberSchema = z
  .object({
    teamMemberId: z.uuid(),
    name: z.string(),
    /** The member has left (archived): their month stays as it was. */
    archived: z
      .boolean()
      .meta({ description: 'The member has left (archived): their month stays as it was.' }),
    reviews: z.array(teamReviewSchema),
    totalOwed: z.number().meta({ description: 'Pounds: verified, unpaid bonuses.' }),
    totalPaid: z.number().meta({ description: 'Pounds: bonuses paid.' }),
  })
  .meta({
    id: 'TeamBonusMonthMember',
    description: "A member's reviews of the month with the bonus owed and paid.",
  });

/** GET /api/team-reviews?year=&month=: the month's verified reviews per member. */
export const teamBonusMonthSchema = z
  .object({
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    members: z
      .array(teamBonusMonthMemberSchema)
      .meta({ description: 'Members with reviews dated in the month, by name.' }),
  })
  .meta({ id: 'TeamBonusMonth', description: "A month's reviews per member, with bonuses owed and paid." });
export type TeamBonusMonthDto = z.infer<typeof teamBonusMonthSchema>;

/** GET /api/team-reviews/outstanding: one member's unpaid bonuses. */
export const teamOutstandingMemberSchema = z
  .object({
    teamMemberId: z.uuid(),
    name: z.string(),
    archived: z.boolean(),
    /** Oldest first. */
    reviews: z.array(teamReviewSchema).meta({ description: 'Oldest first.' }),
    /** Pounds owed. */
    total: z.number().meta({ description: 'Pounds owed.' }),
  })
  .meta({ id: 'TeamOutstandingMember', description: "A member's verified, unpaid reviews." });

/** GET /api/team-reviews/outstanding: every verified, unpaid review of any month, oldest first. */
export const teamOutstandingSchema = z
  .object({
    /** Members by their oldest unpaid review. */
    members: z
      .array(teamOutstandingMemberSchema)
      .meta({ description: 'Members by their oldest unpaid review.' }),
    count: z.number().int().meta({ description: 'Unpaid reviews in all.' }),
    total: z.number().meta({ description: 'Pounds owed in all.' }),
  })
  .meta({ id: 'TeamOutstanding', description: 'Every verified, unpaid review of any month, oldest first.' });
export type TeamOutstandingDto = z.infer<typeof teamOutstandingSchema>;

/** One line of the team bonus audit log: a bonus paid or a payment undone. */
export const teamBonusAuditEntrySchema = z
  .object({
    id: z.uuid(),
    timestamp: z.iso.datetime(),
    action: z.enum(['bonus_paid', 'bonus_undone']),
    memberName: z.string().meta({ description: "The member's name when the payment was made." }),
    reviewerName: z.string(),
    /** The review's date (YYYY-MM-DD), or null on entries written before it was kept. */
    reviewDate: z.iso.date().nullable().meta({
      description: "The review's date (YYYY-MM-DD), or null on entries written before it was kept.",
    }),
    amount: z.number().meta({ description: 'Pounds.' }),
    performedBy: z.string().meta({ description: 'The email of the staff member who did it.' }),
  })
  .meta({ id: 'TeamBonusAuditEntry', description: 'One line of the team bonus audit log.' });
export type TeamBonusAuditEntryDto = z.infer<typeof teamBonusAuditEntrySchema>;

export const teamBonusAuditPageSchema = z
  .object({
    entries: z.array(teamBonusAuditEntrySchema),
    /** Pass back as ?cursor= for the next (older) page; null at the end. */
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass back as ?cursor= for the next (older) page; null at the end.' }),
  })
  .meta({ id: 'TeamBonusAuditPage', description: 'A page of the team bonus audit log, newest first.' });
export type TeamBonusAuditPageDto = z.infer<typeof teamBonusAuditPageSchema>;

/** Paying or undoing team bonuses. */
export const teamBonusResultSchema = z
  .object({
    reviews: z
      .array(teamReviewSchema)
      .meta({ description: 'The reviews paid (or un-paid) now, as they now are.' }),
    /** Pounds paid (or un-paid) now. */
    total: z.number().meta({ description: 'Pounds paid (or un-paid) now.' }),
  })
  .meta({ id: 'TeamBonusResult', description: 'The bonuses a bulk payment or its undo changed.' });
export type TeamBonusResultDto = z.infer<typeof teamBonusResultSchema>;

/** POST /api/team-scans/reject: how many of the scans named were rejected now. */
export const scansRejectedSchema = z
  .object({
    rejected: z.number().int().meta({ description: 'Scans that were pending and are now rejected.' }),
    alreadyResolved: z.number().int().meta({
      description: 'Scans named that were already verified or rejected, or do not exist: left as they are.',
    }),
  })
  .meta({ id: 'ScansRejected', description: 'How many of the scans named were rejected now.' });
export type ScansRejectedDto = z.infer<typeof scansRejectedSchema>;

/** POST /api/track-scan: the visit recorded (or the same visit as before), or nothing counted. */
export const scanTrackedSchema = z
  .object({
    scanId: z.uuid().nullable().meta({ description: 'The scan; null when nothing was counted.' }),
    created: z
      .boolean()
      .meta({ description: 'A new scan (201); false for the same visit within 30 minutes (200), or none.' }),
    counted: z.boolean().meta({
      description: 'False (and nothing recorded) while the clinic has not set its review links.',
    }),
  })
  .meta({ id: 'ScanTracked', description: "A visit to a team member's review page, as recorded." });
export type ScanTrackedDto = z.infer<typeof scanTrackedSchema>;

/** POST /api/track-review-platform: the choice recorded. */
export const platformChoiceTrackedSchema = z
  .object({ id: z.uuid() })
  .meta({ id: 'PlatformChoiceTracked', description: 'The platform choice, as recorded.' });
export type PlatformChoiceTrackedDto = z.infer<typeof platformChoiceTrackedSchema>;
