/**
 * Review-page scans: public tracking (visits and platform choices) and the Verify list (pending scans,
 * approve as a verified review, reject one or many).
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { type PendingScanDto, type TeamReviewDto, toTeamReviewDto } from '@/lib/dto/team';
import { Prisma, type ReviewPlatform } from '@/lib/generated/prisma/client';
import { ukDateString } from '@/lib/uk-time';
import { fullName } from '../referrers';
import { getSettings } from '../settings';
import type { Actor } from '../actor';
import { toPence } from '@/lib/money';
import {
  MEMBER_NOT_FOUND_TEXT,
  PENDING_SCAN_DAYS,
  SCAN_NOT_FOUND_TEXT,
  SCAN_REPEAT_WINDOW_MS,
  SCAN_RESOLVED_TEXT,
} from './common';
import { type VerifiedReviewInput, onDuplicateKey, writeVerifiedReview } from './reviews';
import { findTeamMember } from './members';

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
