/**
 * Verified team reviews: writing a verified review (duplicates refused), and adding one by hand. The row's select
 * and its DTO are lib/dto/team.ts's.
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { isoDate, type ReviewRow, reviewSelect, type TeamReviewDto, toTeamReviewDto } from '@/lib/dto/team';
import { formatDate } from '@/lib/format';
import { parseReviewUrl } from '@/lib/review-url';
import { Prisma } from '@/lib/generated/prisma/client';
import { fullName } from '../referrers';
import { getSettings } from '../settings';
import type { Actor } from '../actor';
import { toPence } from '@/lib/money';
import { MEMBER_ARCHIVED_TEXT, MEMBER_NOT_FOUND_TEXT, PLATFORM_NAMES, dateValue } from './common';

export interface VerifiedReviewInput {
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
export async function writeVerifiedReview(
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
export async function onDuplicateKey<T>(reviewUrl: string, run: () => Promise<T>): Promise<T> {
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
