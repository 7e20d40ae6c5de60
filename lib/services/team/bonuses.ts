/**
 * Team bonus payments: a month's reviews per member with what is owed and paid, Mark Paid and its Undo, Pay
 * All Outstanding and Undo Bulk Payment, each audited.
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import {
  type ReviewRow,
  reviewSelect,
  type TeamBonusMonthDto,
  type TeamBonusResultDto,
  type TeamReviewDto,
  toTeamReviewDto,
} from '@/lib/dto/team';
import { Prisma } from '@/lib/generated/prisma/client';
import { fullName } from '../referrers';
import type { Actor } from '../actor';
import { toPence, toPounds } from '@/lib/money';
import {
  BONUS_ALREADY_PAID_TEXT,
  BONUS_NOT_PAID_TEXT,
  MEMBER_NOT_FOUND_TEXT,
  REVIEW_NOT_FOUND_TEXT,
  REVIEW_NOT_VERIFIED_TEXT,
  byName,
  monthDates,
} from './common';

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
