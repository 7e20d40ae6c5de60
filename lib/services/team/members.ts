/**
 * Team members: finding one by id or TM- code, the lists with their figures, adding, renaming, archiving and
 * restoring.
 */
import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { reviewUrlFor, toMemberDto, type TeamMemberDto } from '@/lib/dto/team';
import { Prisma } from '@/lib/generated/prisma/client';
import { currentUkMonth } from '@/lib/uk-time';
import { newTeamMemberCode, TEAM_MEMBER_CODE_PATTERN } from '@/lib/codes';
import type { Actor } from '../actor';
import { toPounds } from '@/lib/money';
import { MEMBER_NOT_FOUND_TEXT, UUID, monthDates } from './common';

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

/** The review page's address (lib/dto/team.ts), for print.ts and the QR route. */
export { reviewUrlFor };

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
