import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type {
  PendingScanDto,
  TeamBonusMonthDto,
  TeamBonusResultDto,
  TeamMemberDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { Prisma, type ReviewPlatform } from '@/lib/generated/prisma/client';
import { currentUkMonth, ukDateString } from '@/lib/uk-time';
import { newTeamMemberCode, TEAM_MEMBER_CODE_PATTERN } from './codes';
import { fullName } from './referrers';
import { getSettings } from './settings';
import { teamReviewStatus } from './team-status';
import type { Actor } from './actor';
import { toPence, toPounds } from '@/lib/money';

/** One collator for every comparison (localeCompare(…, 'en-GB') builds one per call). */
const byName = new Intl.Collator('en-GB');
export const MEMBER_NOT_FOUND_TEXT = 'That team member does not exist.';
export const SCAN_NOT_FOUND_TEXT = 'That scan does not exist.';
export const REVIEW_NOT_FOUND_TEXT = 'That review does not exist.';
export const SCAN_RESOLVED_TEXT = 'This scan has already been verified or rejected.';
export const REVIEW_NOT_VERIFIED_TEXT = 'Only a verified review earns a bonus.';
export const BONUS_ALREADY_PAID_TEXT = "This review's bonus is already marked paid.";
export const BONUS_NOT_PAID_TEXT = "This review's bonus is not marked paid.";
/** A visitor re-opening the same member's page within this time is the same visit, not a new scan. */
export const SCAN_REPEAT_WINDOW_MS = 30 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A @db.Date column's value for a YYYY-MM-DD string, and back. */
const dateValue = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function monthDates(year: number, month: number): { gte: Date; lt: Date } {
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return {
    gte: dateValue(`${year}-${String(month).padStart(2, '0')}-01`),
    lt: dateValue(`${next.y}-${String(next.m).padStart(2, '0')}-01`),
  };
}

/**
 * A team member named by their id or their TM- code (any case), as the review page's address allows. A deleted
 * member is not found: their review page, QR code and tracking answer 404.
 */
export async function findTeamMember(ref: string) {
  const value = ref.trim();
  const select = { id: true, firstName: true, lastName: true, code: true } as const;
  if (UUID.test(value))
    return db.teamMember.findUnique({ where: { id: value.toLowerCase(), deletedAt: null }, select });
  const code = value.toUpperCase();
  if (TEAM_MEMBER_CODE_PATTERN.test(code))
    return db.teamMember.findUnique({ where: { code, deletedAt: null }, select });
  return null;
}

export const reviewUrlFor = (origin: string, code: string) => `${origin}/review/${code}`;

// ---------- Members ----------

export async function listTeamMembers(origin: string, now = new Date()): Promise<TeamMemberDto[]> {
  const { year, month } = currentUkMonth(now);
  // Scan counts are columns the database keeps (triggers on review_scans); reviews are few enough to sum.
  const [members, verified, thisMonth] = await Promise.all([
    db.teamMember.findMany({ where: { deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    db.teamReview.groupBy({
      by: ['teamMemberId'],
      where: { verifiedAt: { not: null } },
      _count: { _all: true },
      _sum: { bonusPence: true },
    }),
    db.teamReview.groupBy({
      by: ['teamMemberId'],
      where: { verifiedAt: { not: null }, reviewDate: monthDates(year, month) },
      _sum: { bonusPence: true },
    }),
  ]);
  const by = <T extends { teamMemberId: string }>(rows: T[]) => new Map(rows.map((r) => [r.teamMemberId, r]));
  const v = by(verified);
  const m = by(thisMonth);
  return members.map((member) => ({
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    qrCode: member.code,
    reviewUrl: reviewUrlFor(origin, member.code),
    reviewsCount: v.get(member.id)?._count._all ?? 0,
    totalEarned: toPounds(v.get(member.id)?._sum.bonusPence),
    monthlyEarned: toPounds(m.get(member.id)?._sum.bonusPence),
    scans: member.scanCount,
    uniqueVisitors: member.uniqueVisitorCount,
    createdAt: member.createdAt.toISOString(),
  }));
}

export async function createTeamMember(
  input: { firstName: string; lastName: string },
  origin: string,
): Promise<TeamMemberDto> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const member = await db.teamMember.create({ data: { ...input, code: newTeamMemberCode() } });
      return {
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        qrCode: member.code,
        reviewUrl: reviewUrlFor(origin, member.code),
        reviewsCount: 0,
        totalEarned: 0,
        monthlyEarned: 0,
        scans: 0,
        uniqueVisitors: 0,
        createdAt: member.createdAt.toISOString(),
      };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    }
  }
  throw new Error('Could not allocate a unique team member code; please try again.');
}

/**
 * Deletes a team member (issue 14, point 7): they leave the lists, the leaderboard and the review page (their
 * QR code stops working), but their reviews stay, so every month's bonus report keeps what was paid. Bonuses
 * for reviews already verified stay owed and can still be paid from the bonus report (the member earned them
 * before leaving); scans still waiting for verification are rejected, so they earn nothing.
 */
export async function deleteTeamMember(id: string, actor: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.teamMember.updateMany({
      where: { id, deletedAt: null },
      data: { deletedAt: new Date() },
    });
    if (count === 0) throw notFound(MEMBER_NOT_FOUND_TEXT);
    await tx.reviewScan.updateMany({
      where: { teamMemberId: id, status: 'pending' },
      data: { status: 'rejected', resolvedAt: new Date(), resolvedBy: actor.email },
    });
  });
}

// ---------- Public tracking ----------

/**
 * A visit to a member's review page (spec section 7, track-scan). The browser says whether it is new to this
 * member; the server agrees only if this session never scanned them before. Re-opening the page within 30
 * minutes is the same visit: no second scan waits for verification.
 */
export async function trackScan(
  input: { teamMemberId: string; userAgent?: string | null; sessionId: string; isUniqueVisitor: boolean },
  now = new Date(),
): Promise<{ scanId: string; created: boolean }> {
  const member = await findTeamMember(input.teamMemberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scan:${member.id}:${input.sessionId}`}))`;
    const previous = await tx.reviewScan.findFirst({
      where: { teamMemberId: member.id, sessionId: input.sessionId },
      orderBy: { createdAt: 'desc' },
      select: { id: true, createdAt: true },
    });
    if (previous && now.getTime() - previous.createdAt.getTime() < SCAN_REPEAT_WINDOW_MS) {
      return { scanId: previous.id, created: false };
    }
    const scan = await tx.reviewScan.create({
      data: {
        teamMemberId: member.id,
        sessionId: input.sessionId,
        userAgent: input.userAgent?.slice(0, 1000) ?? null,
        isUniqueVisitor: input.isUniqueVisitor && !previous,
      },
      select: { id: true },
    });
    return { scanId: scan.id, created: true };
  });
}

/** The visitor's choice of platform on the review page (spec section 7, track-review-platform). */
export async function trackPlatformChoice(input: {
  teamMemberId: string;
  platform: ReviewPlatform;
  sessionId: string;
}): Promise<{ id: string }> {
  const member = await findTeamMember(input.teamMemberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  return db.reviewPlatformChoice.create({
    data: { teamMemberId: member.id, platform: input.platform, sessionId: input.sessionId },
    select: { id: true },
  });
}

// ---------- Verification ----------

export async function listPendingScans(): Promise<PendingScanDto[]> {
  const scans = await db.reviewScan.findMany({
    where: { status: 'pending' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 500,
    select: {
      id: true,
      teamMemberId: true,
      sessionId: true,
      createdAt: true,
      teamMember: { select: { firstName: true, lastName: true } },
    },
  });
  const choices = await db.reviewPlatformChoice.findMany({
    where: { sessionId: { in: [...new Set(scans.map((s) => s.sessionId))] } },
    orderBy: { createdAt: 'asc' },
    select: { teamMemberId: true, sessionId: true, platform: true },
  });
  const chosen = new Map(choices.map((c) => [`${c.teamMemberId}:${c.sessionId}`, c.platform]));
  return scans.map((s) => ({
    id: s.id,
    teamMemberId: s.teamMemberId,
    memberName: fullName(s.teamMember),
    platform: chosen.get(`${s.teamMemberId}:${s.sessionId}`) ?? null,
    scannedTime: s.createdAt.toISOString(),
  }));
}

const reviewSelect = {
  id: true,
  teamMemberId: true,
  reviewerName: true,
  reviewDate: true,
  platform: true,
  bonusPence: true,
  verifiedAt: true,
  paidAt: true,
  teamMember: { select: { firstName: true, lastName: true } },
} satisfies Prisma.TeamReviewSelect;

type ReviewRow = Prisma.TeamReviewGetPayload<{ select: typeof reviewSelect }>;

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
    bonusAmount: toPounds(row.bonusPence),
    verifiedDate: row.verifiedAt?.toISOString() ?? null,
    paidDate: row.paidAt?.toISOString() ?? null,
    isThisMonth: date.startsWith(`${year}-${String(month).padStart(2, '0')}-`),
    isPaid: row.paidAt !== null,
    status: teamReviewStatus(row),
  };
}

/** 'Verify & Approve': a verified review at once, with the bonus of the moment; the scan leaves the list. */
export async function approveScan(
  id: string,
  input: { reviewerName: string; reviewDate?: string; platform?: ReviewPlatform },
  actor: Actor,
): Promise<TeamReviewDto> {
  const bonusPence = toPence((await getSettings()).teamBonusAmount);
  return db.$transaction(async (tx) => {
    const scan = await tx.reviewScan.findUnique({
      where: { id },
      select: { teamMemberId: true, sessionId: true, createdAt: true },
    });
    if (!scan) throw notFound(SCAN_NOT_FOUND_TEXT);
    const { count } = await tx.reviewScan.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'approved', resolvedAt: new Date(), resolvedBy: actor.email },
    });
    if (count === 0) throw conflict(SCAN_RESOLVED_TEXT);
    const choice = input.platform
      ? null
      : await tx.reviewPlatformChoice.findFirst({
          where: { teamMemberId: scan.teamMemberId, sessionId: scan.sessionId },
          orderBy: { createdAt: 'desc' },
          select: { platform: true },
        });
    const row = await tx.teamReview.create({
      data: {
        teamMemberId: scan.teamMemberId,
        reviewerName: input.reviewerName,
        reviewDate: dateValue(input.reviewDate ?? ukDateString(scan.createdAt)),
        platform: input.platform ?? choice?.platform ?? 'google',
        bonusPence,
        verifiedAt: new Date(),
        verifiedBy: actor.email,
        scanId: id,
      },
      select: reviewSelect,
    });
    return toTeamReviewDto(row);
  });
}

/** 'Reject': the scan is dismissed from the list and kept on record. */
export async function rejectScan(id: string, actor: Actor): Promise<void> {
  const { count } = await db.reviewScan.updateMany({
    where: { id, status: 'pending' },
    data: { status: 'rejected', resolvedAt: new Date(), resolvedBy: actor.email },
  });
  if (count === 1) return;
  const exists = await db.reviewScan.count({ where: { id } });
  throw exists ? conflict(SCAN_RESOLVED_TEXT) : notFound(SCAN_NOT_FOUND_TEXT);
}

/** Add a verified review by hand (spec section 5). */
export async function createTeamReview(
  input: { teamMemberId: string; reviewerName: string; reviewDate: string; platform: ReviewPlatform },
  actor: Actor,
): Promise<TeamReviewDto> {
  const member = await db.teamMember.findUnique({
    where: { id: input.teamMemberId, deletedAt: null },
    select: { id: true },
  });
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  const bonusPence = toPence((await getSettings()).teamBonusAmount);
  const row = await db.teamReview.create({
    data: {
      teamMemberId: member.id,
      reviewerName: input.reviewerName,
      reviewDate: dateValue(input.reviewDate),
      platform: input.platform,
      bonusPence,
      verifiedAt: new Date(),
      verifiedBy: actor.email,
    },
    select: reviewSelect,
  });
  return toTeamReviewDto(row);
}

// ---------- Bonus payments ----------

/** The month's reviews per member (by review date), with what is owed and paid. */
export async function teamBonusMonth(year: number, month: number): Promise<TeamBonusMonthDto> {
  const rows = await db.teamReview.findMany({
    where: { reviewDate: monthDates(year, month) },
    orderBy: [{ reviewDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: reviewSelect,
  });
  const members = new Map<string, TeamBonusMonthDto['members'][number]>();
  for (const row of rows) {
    const dto = toTeamReviewDto(row);
    let member = members.get(row.teamMemberId);
    if (!member) {
      member = {
        teamMemberId: row.teamMemberId,
        name: dto.memberName,
        reviews: [],
        totalOwed: 0,
        totalPaid: 0,
      };
      members.set(row.teamMemberId, member);
    }
    member.reviews.push(dto);
    if (row.verifiedAt && row.paidAt) member.totalPaid += dto.bonusAmount;
    else if (row.verifiedAt) member.totalOwed += dto.bonusAmount;
  }
  return {
    year,
    month,
    members: [...members.values()].sort((a, b) => byName.compare(a.name, b.name)),
  };
}

async function audit(
  tx: Prisma.TransactionClient,
  rows: ReviewRow[],
  action: 'bonus_paid' | 'bonus_undone',
  actor: Actor,
) {
  if (rows.length === 0) return;
  await tx.teamBonusPayment.createMany({
    data: rows.map((r) => ({
      action,
      teamReviewId: r.id,
      teamMemberId: r.teamMemberId,
      memberName: fullName(r.teamMember),
      reviewerName: r.reviewerName,
      amountPence: r.bonusPence,
      performedById: actor.id,
      performedBy: actor.email,
    })),
  });
}

/** 'Mark Paid' (paid = true) or its Undo, audited; a second click at once is a 409 with nothing written. */
export async function setBonusPaid(id: string, paid: boolean, actor: Actor): Promise<TeamReviewDto> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.teamReview.updateMany({
      where: paid ? { id, verifiedAt: { not: null }, paidAt: null } : { id, paidAt: { not: null } },
      data: { paidAt: paid ? new Date() : null },
    });
    if (count === 0) {
      const row = await tx.teamReview.findUnique({
        where: { id },
        select: { verifiedAt: true, paidAt: true },
      });
      if (!row) throw notFound(REVIEW_NOT_FOUND_TEXT);
      if (!paid) throw conflict(BONUS_NOT_PAID_TEXT);
      throw conflict(row.verifiedAt ? BONUS_ALREADY_PAID_TEXT : REVIEW_NOT_VERIFIED_TEXT);
    }
    const row = await tx.teamReview.findUniqueOrThrow({ where: { id }, select: reviewSelect });
    await audit(tx, [row], paid ? 'bonus_paid' : 'bonus_undone', actor);
    return toTeamReviewDto(row);
  });
}

/** 'Pay All Outstanding' for a member's verified, unpaid reviews of a month: all or nothing, audited. */
export async function payAllBonuses(
  input: { teamMemberId: string; year: number; month: number },
  actor: Actor,
): Promise<TeamBonusResultDto> {
  return db.$transaction(async (tx) => {
    const { gte, lt } = monthDates(input.year, input.month);
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM team_reviews
      WHERE "teamMemberId" = ${input.teamMemberId}::uuid AND "verifiedAt" IS NOT NULL AND "paidAt" IS NULL
        AND "reviewDate" >= ${gte}::date AND "reviewDate" < ${lt}::date
      FOR UPDATE`;
    if (locked.length === 0) {
      const exists = await tx.teamMember.count({ where: { id: input.teamMemberId } });
      if (!exists) throw notFound(MEMBER_NOT_FOUND_TEXT);
      return { reviews: [], total: 0 };
    }
    const ids = locked.map((r) => r.id);
    await tx.teamReview.updateMany({ where: { id: { in: ids } }, data: { paidAt: new Date() } });
    const rows = await tx.teamReview.findMany({
      where: { id: { in: ids } },
      orderBy: [{ reviewDate: 'asc' }, { id: 'asc' }],
      select: reviewSelect,
    });
    await audit(tx, rows, 'bonus_paid', actor);
    return {
      reviews: rows.map((r) => toTeamReviewDto(r)),
      total: rows.reduce((t, r) => t + toPounds(r.bonusPence), 0),
    };
  });
}

/** 'Undo Bulk Payment': un-pays exactly the reviews that payment paid (those still paid), audited. */
export async function undoBonusPayments(reviewIds: string[], actor: Actor): Promise<TeamBonusResultDto> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM team_reviews WHERE id = ANY(${reviewIds}::uuid[]) AND "paidAt" IS NOT NULL FOR UPDATE`;
    const ids = locked.map((r) => r.id);
    if (ids.length === 0) throw conflict('None of these bonuses is marked paid.');
    const rows = await tx.teamReview.findMany({ where: { id: { in: ids } }, select: reviewSelect });
    await tx.teamReview.updateMany({ where: { id: { in: ids } }, data: { paidAt: null } });
    await audit(tx, rows, 'bonus_undone', actor);
    const after = rows.map((r) => toTeamReviewDto({ ...r, paidAt: null }));
    return { reviews: after, total: rows.reduce((t, r) => t + toPounds(r.bonusPence), 0) };
  });
}

// ---------- Scan tracking ----------

export async function teamStats(): Promise<TeamStatsDto> {
  // Totals from the members' scan counts (kept by triggers), not a count of every scan. A deleted member's
  // scans stay in the totals (history does not shrink); the leaderboard shows the current team only.
  const [members, pendingScans, verified] = await Promise.all([
    db.teamMember.findMany({
      select: {
        id: true,
        firstName: true,
        lastName: true,
        scanCount: true,
        uniqueVisitorCount: true,
        deletedAt: true,
      },
    }),
    db.reviewScan.count({ where: { status: 'pending' } }),
    db.teamReview.groupBy({
      by: ['teamMemberId'],
      where: { verifiedAt: { not: null } },
      _count: { _all: true },
      _sum: { bonusPence: true },
    }),
  ]);
  const v = new Map(verified.map((r) => [r.teamMemberId, r]));
  const leaderboard = members
    .filter((m) => !m.deletedAt)
    .map((m) => ({
      teamMemberId: m.id,
      name: fullName(m),
      reviewsCount: v.get(m.id)?._count._all ?? 0,
      totalEarned: toPounds(v.get(m.id)?._sum.bonusPence),
      scans: m.scanCount,
    }))
    .sort((a, b) => b.reviewsCount - a.reviewsCount || byName.compare(a.name, b.name));
  return {
    totalScans: members.reduce((sum, m) => sum + m.scanCount, 0),
    uniqueVisitors: members.reduce((sum, m) => sum + m.uniqueVisitorCount, 0),
    pendingScans,
    leaderboard,
  };
}
