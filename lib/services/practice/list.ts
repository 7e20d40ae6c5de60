/**
 * Issue 34: the proposals staff see (GET /api/practice-matches), a page at a time, newest first, and one
 * proposal as its answer.
 */
import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { PracticeMatchDto } from '@/lib/dto/practice-matches';
import { STATUS_TEXT } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { toPoundsOrNull } from '@/lib/money';
import { MATCH_REASON_TEXT, type MatchReason } from '@/lib/practice/match';
import { encodeCursor } from '@/lib/validation/paging';
import type { PracticeMatchListQuery } from '@/lib/validation/practice-records';
import { fullName } from '../referrers';
import type { Paged } from '../search';
import { MATCH_NOT_FOUND_TEXT } from './decide';

const matchSelect = {
  id: true,
  referralId: true,
  status: true,
  confidence: true,
  reasons: true,
  decidedBy: true,
  decidedAt: true,
  automatic: true,
  createdAt: true,
  record: {
    select: {
      source: true,
      kind: true,
      eventDate: true,
      firstName: true,
      lastName: true,
      email: true,
      phone: true,
      externalPatientId: true,
    },
  },
  referral: {
    select: {
      status: true,
      rewardPence: true,
      referrer: { select: { firstName: true, lastName: true, cardNumber: true } },
      lead: { select: { firstName: true, lastName: true } },
    },
  },
} satisfies Prisma.PracticeMatchSelect;

type MatchRow = Prisma.PracticeMatchGetPayload<{ select: typeof matchSelect }>;

function toDto(row: MatchRow): PracticeMatchDto {
  return {
    id: row.id,
    referralId: row.referralId,
    status: row.status,
    confidence: row.confidence,
    reasons: row.reasons.map((code) => ({ code, text: MATCH_REASON_TEXT[code as MatchReason] ?? code })),
    eventDate: row.record.eventDate.toISOString().slice(0, 10),
    kind: row.record.kind,
    source: row.record.source,
    record: {
      firstName: row.record.firstName,
      lastName: row.record.lastName,
      email: row.record.email,
      phone: row.record.phone,
      externalPatientId: row.record.externalPatientId,
    },
    referral: {
      friendName: fullName(row.referral.lead) || 'Unknown Lead',
      referrerName: fullName(row.referral.referrer),
      referrerCardNumber: row.referral.referrer.cardNumber,
      status: STATUS_TEXT[row.referral.status],
      rewardAmount: toPoundsOrNull(row.referral.rewardPence),
    },
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    automatic: row.automatic,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getMatchDto(id: string): Promise<PracticeMatchDto> {
  const row = await db.practiceMatch.findUnique({ where: { id }, select: matchSelect });
  if (!row) throw notFound(MATCH_NOT_FOUND_TEXT);
  return toDto(row);
}

/**
 * A page of one status, newest first (by the status index). Proposals are those still to decide: a proposal
 * whose referral has started meanwhile (another proposal confirmed, or staff pressed Story Started) is left out.
 */
export async function listMatches({
  status,
  limit,
  cursor,
}: PracticeMatchListQuery): Promise<Paged<PracticeMatchDto>> {
  const open: Prisma.PracticeMatchWhereInput =
    status === 'proposed' ? { referral: { status: { in: ['pending', 'in_progress'] } } } : {};
  const where: Prisma.PracticeMatchWhereInput = { status, ...open };
  const [rows, total] = await Promise.all([
    db.practiceMatch.findMany({
      where: {
        ...where,
        ...(cursor && {
          OR: [
            { createdAt: { lt: cursor.createdAt } },
            { createdAt: cursor.createdAt, id: { lt: cursor.id } },
          ],
        }),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: matchSelect,
    }),
    db.practiceMatch.count({ where }),
  ]);
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toDto),
    total,
    nextCursor: more && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}
