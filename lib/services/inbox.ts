import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { InboxItemDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import type { Actor } from './actor';
import { leadSelect, toLeadDto } from './leads';
import { fullName } from './referrers';
import { afterCursor, inOrder, pageOf, type KeyRow, type Paged } from './search';

/**
 * The new-referrals inbox (issue 17): every lead nobody has handled yet (not marked contacted, not erased),
 * newest first, with its referrer or the card number that was not found. The index on (contactedAt,
 * createdAt, id) finds them without reading the handled ones.
 */
const waiting = Prisma.sql`l."contactedAt" IS NULL AND l."erasedAt" IS NULL`;

export function inboxPageSql(cursor: Cursor | undefined, limit: number): Prisma.Sql {
  return Prisma.sql`SELECT l."id", l."createdAt" FROM "leads" l
    WHERE ${waiting} AND ${afterCursor(cursor, Prisma.sql`l."createdAt"`, Prisma.sql`l."id"`)}
    ORDER BY l."createdAt" DESC, l."id" DESC LIMIT ${limit + 1}`;
}

export async function inboxCount(): Promise<number> {
  const [row] = await db.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM "leads" l WHERE ${waiting}`;
  return row?.n ?? 0;
}

export async function listInbox(options: { cursor?: Cursor; limit: number }): Promise<Paged<InboxItemDto>> {
  const [keys, total] = await Promise.all([
    db.$queryRaw<KeyRow[]>(inboxPageSql(options.cursor, options.limit)),
    inboxCount(),
  ]);
  const { rows, next } = pageOf(keys, options.limit);
  const ids = rows.map((r) => r.id);
  const found = await db.lead.findMany({
    where: { id: { in: ids } },
    select: {
      ...leadSelect,
      referrer: { select: { id: true, firstName: true, lastName: true, cardNumber: true, deletedAt: true } },
      referrals: { select: { id: true, referrerId: true }, orderBy: { createdAt: 'asc' } },
    },
  });
  const items = inOrder(ids, found).map(({ referrer, referrals, ...lead }): InboxItemDto => {
    const live = referrer && !referrer.deletedAt ? referrer : null;
    return {
      ...toLeadDto(lead),
      referralId: referrals.find((r) => r.referrerId === lead.referrerId)?.id ?? referrals[0]?.id ?? null,
      referrer: live ? { id: live.id, name: fullName(live), cardNumber: live.cardNumber } : null,
    };
  });
  return { items, total, nextCursor: next ? encodeCursor(next) : null };
}

export const LEAD_NOT_FOUND_TEXT = 'That lead does not exist.';

/**
 * Marks a lead contacted (who and when): it leaves the inbox. Marking it again keeps the first record, so two
 * staff who both called are not told off, and the first call's time stays.
 */
export async function markLeadContacted(leadId: string, actor: Actor): Promise<InboxItemDto> {
  await db.lead.updateMany({
    where: { id: leadId, contactedAt: null },
    data: { contactedAt: new Date(), contactedBy: actor.email },
  });
  const row = await db.lead.findUnique({
    where: { id: leadId },
    select: {
      ...leadSelect,
      referrer: { select: { id: true, firstName: true, lastName: true, cardNumber: true, deletedAt: true } },
      referrals: { select: { id: true }, orderBy: { createdAt: 'asc' }, take: 1 },
    },
  });
  if (!row) throw notFound(LEAD_NOT_FOUND_TEXT);
  const { referrer, referrals, ...lead } = row;
  const live = referrer && !referrer.deletedAt ? referrer : null;
  return {
    ...toLeadDto(lead),
    referralId: referrals[0]?.id ?? null,
    referrer: live ? { id: live.id, name: fullName(live), cardNumber: live.cardNumber } : null,
  };
}

/** PATCH /api/referrals/{id} with { contacted: true }: the referral's friend. */
export async function markReferralContacted(referralId: string, actor: Actor): Promise<InboxItemDto> {
  const referral = await db.referral.findUnique({ where: { id: referralId }, select: { leadId: true } });
  if (!referral) throw notFound('That referral does not exist.');
  return markLeadContacted(referral.leadId, actor);
}
