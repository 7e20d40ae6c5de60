import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type {
  PendingScanDto,
  TeamBonusMonthDto,
  TeamBonusResultDto,
  TeamFunnelDto,
  TeamMemberDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { formatDate } from '@/lib/format';
import { parseReviewUrl } from '@/lib/review-url';
import { ukMonthBounds } from './payments';
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
export const MEMBER_ARCHIVED_TEXT = 'This team member is archived: restore them first.';
/** Pending scans older than this leave the Verify list by themselves (they stay in the statistics). */
export const PENDING_SCAN_DAYS = 30;
const PLATFORM_NAMES = { google: 'Google', trustpilot: 'Trustpilot' } as const;
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
 * A team member named by their id or their TM- code (any case), as the review page's address allows. An
 * archived member is not found: their review page, QR code and tracking answer 404 (no new visits count).
 */
export async function findTeamMember(ref: string) {
  const value = ref.trim();
  const select = { id: true, firstName: true, lastName: true, code: true } as const;
  if (UUID.test(value))
    return db.teamMember.findUnique({ where: { id: value.toLowerCase(), archivedAt: null }, select });
  const code = value.toUpperCase();
  if (TEAM_MEMBER_CODE_PATTERN.test(code))
    return db.teamMember.findUnique({ where: { code, archivedAt: null }, select });
  return null;
}

export const reviewUrlFor = (origin: string, code: string) => `${origin}/review/${code}`;

// ---------- Members ----------

/** The team (archived: false) or those who left (archived: true), oldest first. */
export async function listTeamMembers(
  origin: string,
  options: { archived?: boolean } = {},
  now = new Date(),
): Promise<TeamMemberDto[]> {
  const { year, month } = currentUkMonth(now);
  // Scan counts are columns the database keeps (triggers on review_scans); reviews are few enough to sum.
  const [members, verified, thisMonth] = await Promise.all([
    db.teamMember.findMany({
      where: { archivedAt: options.archived ? { not: null } : null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
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
  return members.map((member) =>
    toMemberDto(member, origin, {
      reviewsCount: v.get(member.id)?._count._all ?? 0,
      totalEarned: toPounds(v.get(member.id)?._sum.bonusPence),
      monthlyEarned: toPounds(m.get(member.id)?._sum.bonusPence),
    }),
  );
}

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

function toMemberDto(
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

/** One member with their figures (after an edit, an archive or a restore). */
async function memberWithFigures(id: string, origin: string, now = new Date()): Promise<TeamMemberDto> {
  const { year, month } = currentUkMonth(now);
  const member = await db.teamMember.findUnique({ where: { id } });
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  const verified = { teamMemberId: id, verifiedAt: { not: null } } as const;
  const [all, thisMonth] = await Promise.all([
    db.teamReview.aggregate({ where: verified, _count: { _all: true }, _sum: { bonusPence: true } }),
    db.teamReview.aggregate({
      where: { ...verified, reviewDate: monthDates(year, month) },
      _sum: { bonusPence: true },
    }),
  ]);
  return toMemberDto(member, origin, {
    reviewsCount: all._count._all,
    totalEarned: toPounds(all._sum.bonusPence),
    monthlyEarned: toPounds(thisMonth._sum.bonusPence),
  });
}

export async function createTeamMember(
  input: { firstName: string; lastName: string },
  origin: string,
): Promise<TeamMemberDto> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const member = await db.teamMember.create({ data: { ...input, code: newTeamMemberCode() } });
      return toMemberDto(member, origin, { reviewsCount: 0, totalEarned: 0, monthlyEarned: 0 });
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    }
  }
  throw new Error('Could not allocate a unique team member code; please try again.');
}

/**
 * Archives a team member who left (issue 18): they leave the active lists, the leaderboard and the review page
 * (their QR code counts no new visits), but their reviews stay, so every month's bonus report keeps what was
 * paid and owed, with their name. Bonuses for reviews already verified stay owed and can still be paid (the
 * member earned them before leaving); scans still waiting for verification are rejected, so they earn nothing.
 */
export async function archiveTeamMember(id: string, actor: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.teamMember.updateMany({
      where: { id, archivedAt: null },
      data: { archivedAt: new Date() },
    });
    if (count === 0) {
      // Archiving twice changes nothing (the first archive's date stays); an unknown member is a 404.
      if (await tx.teamMember.count({ where: { id } })) return;
      throw notFound(MEMBER_NOT_FOUND_TEXT);
    }
    await tx.reviewScan.updateMany({
      where: { teamMemberId: id, status: 'pending' },
      data: { status: 'rejected', resolvedAt: new Date(), resolvedBy: actor.email },
    });
  });
}

/**
 * PATCH /api/team-members/{id}: correct a member's name, archive or restore them. A new name shows in the lists
 * and the bonus months; the audit log keeps the name of the moment each payment was made.
 */
export async function updateTeamMember(
  id: string,
  input: { firstName?: string; lastName?: string; archived?: boolean },
  actor: Actor,
  origin: string,
): Promise<TeamMemberDto> {
  if (input.archived === true) await archiveTeamMember(id, actor);
  const data: Prisma.TeamMemberUpdateManyMutationInput = {};
  if (input.firstName !== undefined) data.firstName = input.firstName;
  if (input.lastName !== undefined) data.lastName = input.lastName;
  if (input.archived === false) data.archivedAt = null;
  if (Object.keys(data).length > 0) {
    const { count } = await db.teamMember.updateMany({ where: { id }, data });
    if (count === 0) throw notFound(MEMBER_NOT_FOUND_TEXT);
  }
  return memberWithFigures(id, origin);
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

/** Scans of the last 30 days still waiting: older ones leave the Verify list by themselves. */
export function pendingScanWhere(now = new Date()): Prisma.ReviewScanWhereInput {
  return { status: 'pending', createdAt: { gte: new Date(now.getTime() - PENDING_SCAN_DAYS * 86_400_000) } };
}

export async function listPendingScans(now = new Date()): Promise<PendingScanDto[]> {
  const scans = await db.reviewScan.findMany({
    where: pendingScanWhere(now),
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
    reviewUrl: row.reviewUrl,
    bonusAmount: toPounds(row.bonusPence),
    verifiedDate: row.verifiedAt?.toISOString() ?? null,
    paidDate: row.paidAt?.toISOString() ?? null,
    isThisMonth: date.startsWith(`${year}-${String(month).padStart(2, '0')}-`),
    isPaid: row.paidAt !== null,
    status: teamReviewStatus(row),
  };
}

interface VerifiedReviewInput {
  reviewUrl: string;
  reviewerName: string;
  reviewDate: string;
  /** A second review by the same reviewer name for the same member and platform was confirmed. */
  confirmSameReviewer?: boolean;
}

/** 409: the review (its platform's review id, lib/review-url.ts) is already credited, naming to whom. */
async function alreadyCredited(client: Prisma.TransactionClient, reviewKey: string) {
  const existing = await client.teamReview.findUnique({
    where: { reviewKey },
    select: { id: true, teamMemberId: true, teamMember: { select: { firstName: true, lastName: true } } },
  });
  if (!existing) return null;
  const name = fullName(existing.teamMember);
  return conflict(`This review is already credited to ${name}.`, {
    code: 'duplicate_review',
    reviewId: existing.id,
    teamMemberId: existing.teamMemberId,
    memberName: name,
  });
}

/**
 * Writes a verified review (issue 18): the platform follows from the review's link; the same review (its id)
 * is never recorded twice, whoever enters it; a second review by the same reviewer name for the same member on
 * the same platform needs `confirmSameReviewer`. The bonus is the setting of the moment, per review.
 */
async function writeVerifiedReview(
  tx: Prisma.TransactionClient,
  member: { id: string; firstName: string; lastName: string },
  input: VerifiedReviewInput & { scanId?: string },
  bonusPence: number,
  actor: Actor,
): Promise<ReviewRow> {
  const link = parseReviewUrl(input.reviewUrl);
  if (!link.ok) throw new Error(`writeVerifiedReview: an unchecked review link (${link.message})`);
  const duplicate = await alreadyCredited(tx, link.key);
  if (duplicate) throw duplicate;
  if (!input.confirmSameReviewer) {
    const same = await tx.teamReview.findFirst({
      where: {
        teamMemberId: member.id,
        platform: link.platform,
        reviewerName: { equals: input.reviewerName.trim(), mode: 'insensitive' },
      },
      orderBy: { reviewDate: 'desc' },
      select: { reviewDate: true, reviewUrl: true },
    });
    if (same) {
      throw conflict(
        `${fullName(member)} already has a ${PLATFORM_NAMES[link.platform]} review by ${input.reviewerName} ` +
          `(dated ${formatDate(isoDate(same.reviewDate))}). If this is another review, confirm to add it too.`,
        { code: 'same_reviewer', existingDate: isoDate(same.reviewDate), existingReviewUrl: same.reviewUrl },
      );
    }
  }
  return tx.teamReview.create({
    data: {
      teamMemberId: member.id,
      reviewerName: input.reviewerName,
      reviewDate: dateValue(input.reviewDate),
      platform: link.platform,
      reviewUrl: link.url,
      reviewKey: link.key,
      bonusPence,
      verifiedAt: new Date(),
      verifiedBy: actor.email,
      scanId: input.scanId,
    },
    select: reviewSelect,
  });
}

/** Two admins crediting the same link at once: the unique index refuses the second, answered as a 409. */
async function onDuplicateKey<T>(reviewUrl: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const link = parseReviewUrl(reviewUrl);
      const duplicate = link.ok ? await alreadyCredited(db, link.key) : null;
      if (duplicate) throw duplicate;
    }
    throw error;
  }
}

/**
 * 'Verify & Approve': the scan becomes a verified review at once, with the bonus of the moment, verified by the
 * review's link; the scan leaves the list. Its date defaults to the scan's UK date.
 */
export async function approveScan(
  id: string,
  input: Omit<VerifiedReviewInput, 'reviewDate'> & { reviewDate?: string },
  actor: Actor,
): Promise<TeamReviewDto> {
  const bonusPence = toPence((await getSettings()).teamBonusAmount);
  return onDuplicateKey(input.reviewUrl, () =>
    db.$transaction(async (tx) => {
      const scan = await tx.reviewScan.findUnique({
        where: { id },
        select: { createdAt: true, teamMember: { select: { id: true, firstName: true, lastName: true } } },
      });
      if (!scan) throw notFound(SCAN_NOT_FOUND_TEXT);
      const { count } = await tx.reviewScan.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'approved', resolvedAt: new Date(), resolvedBy: actor.email },
      });
      if (count === 0) throw conflict(SCAN_RESOLVED_TEXT);
      const row = await writeVerifiedReview(
        tx,
        scan.teamMember,
        { ...input, reviewDate: input.reviewDate ?? ukDateString(scan.createdAt), scanId: id },
        bonusPence,
        actor,
      );
      return toTeamReviewDto(row);
    }),
  );
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

/**
 * Reject many scans at once (the Verify list's 'Reject selected'): those still pending are rejected; the others
 * (already verified or rejected, or unknown) are left as they are and counted.
 */
export async function rejectScans(
  ids: string[],
  actor: Actor,
): Promise<{ rejected: number; alreadyResolved: number }> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  const { count } = await db.reviewScan.updateMany({
    where: { id: { in: unique }, status: 'pending' },
    data: { status: 'rejected', resolvedAt: new Date(), resolvedBy: actor.email },
  });
  return { rejected: count, alreadyResolved: unique.length - count };
}

/** Add a verified review by hand (spec section 5, with its link as issue 18 asks). */
export async function createTeamReview(
  input: VerifiedReviewInput & { teamMemberId: string },
  actor: Actor,
): Promise<TeamReviewDto> {
  const member = await db.teamMember.findUnique({
    where: { id: input.teamMemberId },
    select: { id: true, firstName: true, lastName: true, archivedAt: true },
  });
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  if (member.archivedAt) throw conflict(MEMBER_ARCHIVED_TEXT);
  const bonusPence = toPence((await getSettings()).teamBonusAmount);
  return onDuplicateKey(input.reviewUrl, () =>
    db.$transaction(async (tx) =>
      toTeamReviewDto(await writeVerifiedReview(tx, member, input, bonusPence, actor)),
    ),
  );
}

// ---------- Bonus payments ----------

/**
 * Reviews grouped per member in the order they come (a member first seen first), each group with the member's
 * name and whether they are archived, the reviews as DTOs, and figures `add` keeps from each row.
 */
export function reviewsByMember<F extends object>(
  rows: ReviewRow[],
  figures: F,
  add: (member: F, row: ReviewRow) => void,
) {
  type Group = { teamMemberId: string; name: string; archived: boolean; reviews: TeamReviewDto[] } & F;
  const members = new Map<string, Group>();
  for (const row of rows) {
    const dto = toTeamReviewDto(row);
    let member = members.get(row.teamMemberId);
    if (!member) {
      member = {
        teamMemberId: row.teamMemberId,
        name: dto.memberName,
        archived: row.teamMember.archivedAt !== null,
        reviews: [],
        ...figures,
      } as Group;
      members.set(row.teamMemberId, member);
    }
    member.reviews.push(dto);
    add(member, row);
  }
  return members;
}

/** A pound total plus an amount in pence, exact to the penny. */
export const addPence = (pounds: number, pence: number) => toPounds(toPence(pounds) + pence);

/** The month's reviews per member (by review date), with what is owed and paid. */
export async function teamBonusMonth(year: number, month: number): Promise<TeamBonusMonthDto> {
  const rows = await db.teamReview.findMany({
    where: { reviewDate: monthDates(year, month) },
    orderBy: [{ reviewDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: reviewSelect,
  });
  const members = reviewsByMember(rows, { totalOwed: 0, totalPaid: 0 }, (member, row) => {
    // Summed in pence: pounds in floating point drift (10 + 13.37 is 23.369999…).
    if (row.verifiedAt && row.paidAt) member.totalPaid = addPence(member.totalPaid, row.bonusPence);
    else if (row.verifiedAt) member.totalOwed = addPence(member.totalOwed, row.bonusPence);
  });
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
      reviewDate: r.reviewDate,
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
      total: toPounds(rows.reduce((t, r) => t + r.bonusPence, 0)),
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
    return { reviews: after, total: toPounds(rows.reduce((t, r) => t + r.bonusPence, 0)) };
  });
}

// ---------- Scan tracking ----------

/**
 * The tracking funnel of a UK month, per member (issue 18): visits to the review page, visitors who chose a
 * platform (and which; nothing is recorded for a visitor who chose none), and verified reviews dated in the
 * month. Archived members appear when they have figures that month; the current team always does.
 */
export async function teamFunnel(year: number, month: number): Promise<TeamFunnelDto> {
  const { start, end } = await ukMonthBounds(year, month);
  const { gte, lt } = monthDates(year, month);
  const rows = await db.$queryRaw<
    {
      id: string;
      firstName: string;
      lastName: string;
      archived: boolean;
      visits: number;
      chose: number;
      google: number;
      trustpilot: number;
      verified: number;
    }[]
  >`
    SELECT m.id, m."firstName", m."lastName", m."archivedAt" IS NOT NULL AS archived,
      (SELECT count(*)::int FROM review_scans s
         WHERE s."teamMemberId" = m.id AND s."createdAt" >= ${start} AND s."createdAt" < ${end}) AS visits,
      c.chose, c.google, c.trustpilot,
      (SELECT count(*)::int FROM team_reviews r
         WHERE r."teamMemberId" = m.id AND r."verifiedAt" IS NOT NULL
           AND r."reviewDate" >= ${gte}::date AND r."reviewDate" < ${lt}::date) AS verified
    FROM team_members m
    CROSS JOIN LATERAL (
      SELECT count(DISTINCT p."sessionId")::int AS chose,
             count(DISTINCT p."sessionId") FILTER (WHERE p.platform = 'google')::int AS google,
             count(DISTINCT p."sessionId") FILTER (WHERE p.platform = 'trustpilot')::int AS trustpilot
      FROM review_platform_choices p
      WHERE p."teamMemberId" = m.id AND p."createdAt" >= ${start} AND p."createdAt" < ${end}
    ) c`;
  const members = rows
    .filter((r) => !r.archived || r.visits + r.chose + r.verified > 0)
    .map((r) => ({
      teamMemberId: r.id,
      name: fullName(r),
      archived: r.archived,
      visits: r.visits,
      chosePlatform: r.chose,
      choseGoogle: r.google,
      choseTrustpilot: r.trustpilot,
      verifiedReviews: r.verified,
    }))
    .sort((a, b) => Number(a.archived) - Number(b.archived) || byName.compare(a.name, b.name));
  const sum = (pick: (r: (typeof members)[number]) => number) => members.reduce((t, r) => t + pick(r), 0);
  return {
    year,
    month,
    members,
    totals: {
      visits: sum((r) => r.visits),
      chosePlatform: sum((r) => r.chosePlatform),
      choseGoogle: sum((r) => r.choseGoogle),
      choseTrustpilot: sum((r) => r.choseTrustpilot),
      verifiedReviews: sum((r) => r.verifiedReviews),
    },
  };
}

export async function teamStats(period = currentUkMonth()): Promise<TeamStatsDto> {
  // Totals from the members' scan counts (kept by triggers), not a count of every scan. An archived member's
  // scans stay in the totals (history does not shrink); the leaderboard shows the current team only.
  const [members, pendingScans, verified, funnel] = await Promise.all([
    db.teamMember.findMany({
      select: {
        id: true,
        firstName: true,
        lastName: true,
        scanCount: true,
        uniqueVisitorCount: true,
        archivedAt: true,
      },
    }),
    db.reviewScan.count({ where: pendingScanWhere() }),
    db.teamReview.groupBy({
      by: ['teamMemberId'],
      where: { verifiedAt: { not: null } },
      _count: { _all: true },
      _sum: { bonusPence: true },
    }),
    teamFunnel(period.year, period.month),
  ]);
  const v = new Map(verified.map((r) => [r.teamMemberId, r]));
  const leaderboard = members
    .filter((m) => !m.archivedAt)
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
    funnel,
    leaderboard,
  };
}
