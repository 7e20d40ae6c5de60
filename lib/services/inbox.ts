import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { type InboxItemDto, leadSelect, toLeadDto } from '@/lib/dto/referrals';
import { Prisma, type LeadOutcome } from '@/lib/generated/prisma/client';
import type { LeadOutcomeValue, UpdateLead } from '@/lib/validation/leads';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import type { Actor } from './actor';
import { fullName } from './referrers';
import { afterCursor, inOrder, pageOf, type KeyRow, type Paged } from './search';

/**
 * Whether a lead (`alias` names the leads table in the query) is still waiting for reception's call: the one
 * definition the new-referrals inbox, its badge and Insights' 'Still waiting' all use (issue 29, point 5).
 * Waiting means nobody has reached the friend yet (no outcome, or 'no answer': try again), the lead is not
 * erased, and no referral of it has moved on past pending (In Progress or Story Started): a friend whose story
 * has started was plainly reached, whether or not anyone pressed a button.
 */
export function waitingLeadSql(alias: string): Prisma.Sql {
  const l = Prisma.raw(`${alias}`);
  return Prisma.sql`${l}."contactedAt" IS NULL AND ${l}."erasedAt" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "referrals" r_moved
                    WHERE r_moved."leadId" = ${l}."id" AND r_moved."status" <> 'pending')`;
}

/**
 * The new-referrals inbox (issue 17): every lead still waiting (waitingLeadSql), newest first, with its referrer
 * or the card number that was not found. The index on (contactedAt, createdAt, id) finds them without reading
 * the handled ones; the few candidates' referrals are checked through referrals_leadId_idx.
 */
const waiting = waitingLeadSql('l');

const itemSelect = {
  ...leadSelect,
  referrer: { select: { id: true, firstName: true, lastName: true, cardNumber: true, deletedAt: true } },
  referrals: { select: { id: true, referrerId: true }, orderBy: { createdAt: 'asc' } },
} satisfies Prisma.LeadSelect;

type ItemRow = Prisma.LeadGetPayload<{ select: typeof itemSelect }>;

/** A lead as the inbox shows it: with its referral (the referrer's own first) and its live referrer. */
function toInboxItem({ referrer, referrals, ...lead }: ItemRow): InboxItemDto {
  const live = referrer && !referrer.deletedAt ? referrer : null;
  return {
    ...toLeadDto(lead),
    referralId: referrals.find((r) => r.referrerId === lead.referrerId)?.id ?? referrals[0]?.id ?? null,
    referrer: live ? { id: live.id, name: fullName(live), cardNumber: live.cardNumber } : null,
  };
}

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
  const found = await db.lead.findMany({ where: { id: { in: ids } }, select: itemSelect });
  return { items: inOrder(ids, found).map(toInboxItem), total, nextCursor: next ? encodeCursor(next) : null };
}

/** How far back 'Reached recently' looks: a working day's calls, so a mark made by mistake can be changed. */
export const RECENTLY_REACHED_HOURS = 24;

/**
 * GET /api/referrals/inbox?reached=recent (issue 29): the friends reached in the last day (contacted, booked or
 * not interested), most recently reached first, so that an outcome set by mistake can be changed or cleared
 * (the friend then comes back to the inbox) after the toast's Undo has gone. Read from the index on contactedAt.
 */
export async function listRecentlyReached(options: {
  cursor?: Cursor;
  limit: number;
}): Promise<Paged<InboxItemDto>> {
  const since = new Date(Date.now() - RECENTLY_REACHED_HOURS * 3_600_000);
  const where = Prisma.sql`l."contactedAt" >= ${since} AND l."erasedAt" IS NULL`;
  const [keys, [count]] = await Promise.all([
    db.$queryRaw<KeyRow[]>`SELECT l."id", l."contactedAt" AS "createdAt" FROM "leads" l
      WHERE ${where} AND ${afterCursor(options.cursor, Prisma.sql`l."contactedAt"`, Prisma.sql`l."id"`)}
      ORDER BY l."contactedAt" DESC, l."id" DESC LIMIT ${options.limit + 1}`,
    db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "leads" l WHERE ${where}`,
  ]);
  const { rows, next } = pageOf(keys, options.limit);
  const ids = rows.map((r) => r.id);
  const found = await db.lead.findMany({ where: { id: { in: ids } }, select: itemSelect });
  return {
    items: inOrder(ids, found).map(toInboxItem),
    total: count?.n ?? 0,
    nextCursor: next ? encodeCursor(next) : null,
  };
}

export const LEAD_NOT_FOUND_TEXT = 'That lead does not exist.';

async function inboxItem(leadId: string): Promise<InboxItemDto> {
  const row = await db.lead.findUnique({ where: { id: leadId }, select: itemSelect });
  if (!row) throw notFound(LEAD_NOT_FOUND_TEXT);
  return toInboxItem(row);
}

const toOutcome = (value: LeadOutcomeValue): LeadOutcome => value.replaceAll('-', '_') as LeadOutcome;
/** The outcomes that mean the friend was reached: the lead leaves the inbox. */
const REACHED: readonly LeadOutcome[] = ['contacted', 'booked', 'not_interested'];

/**
 * Sets what came of the call (issue 29): `contacted: true` (issue 17's button: the outcome 'contacted', and a
 * repeat keeps the first record, so two staff who both called are not told off), or an outcome with its note,
 * or null to clear it (undo: the lead comes back to the inbox). contactedAt is when the friend was first
 * reached: set by the first outcome that reached them, kept while it changes between those, and cleared by
 * 'no answer' or an undo (a mistaken mark must not count as a call in Insights). Each change, and only a real
 * change, is kept with who and when in lead_outcome_changes, in the same transaction, under the row's lock.
 */
export async function setLeadOutcome(leadId: string, input: UpdateLead, actor: Actor): Promise<InboxItemDto> {
  await db.$transaction(async (tx) => {
    // The row's lock first (two staff pressing at once take turns), then Prisma's read of its enum names.
    await tx.$queryRaw`SELECT 1 FROM "leads" WHERE "id" = ${leadId}::uuid FOR UPDATE`;
    const lead = await tx.lead.findUnique({
      where: { id: leadId },
      select: { outcome: true, outcomeNote: true },
    });
    if (!lead) throw notFound(LEAD_NOT_FOUND_TEXT);
    const reachedBefore = lead.outcome !== null && REACHED.includes(lead.outcome);
    if (input.contacted && reachedBefore) return;
    const outcome = input.contacted ? 'contacted' : input.outcome ? toOutcome(input.outcome) : null;
    const note = input.contacted ? lead.outcomeNote : outcome ? (input.note ?? null) : null;
    if (outcome === lead.outcome && note === lead.outcomeNote) return;
    const now = new Date();
    const reached = outcome !== null && REACHED.includes(outcome);
    await tx.lead.update({
      where: { id: leadId },
      data: {
        outcome,
        outcomeNote: note,
        outcomeAt: outcome ? now : null,
        outcomeBy: outcome ? actor.email : null,
        ...(reached
          ? reachedBefore
            ? {}
            : { contactedAt: now, contactedBy: actor.email }
          : { contactedAt: null, contactedBy: null }),
      },
    });
    await tx.leadOutcomeChange.create({
      data: {
        leadId,
        fromOutcome: lead.outcome,
        toOutcome: outcome,
        note,
        performedById: actor.id,
        performedBy: actor.email,
      },
    });
  });
  return inboxItem(leadId);
}

/** PATCH /api/leads/{id} with { contacted: true }: the outcome 'contacted' (see setLeadOutcome). */
export function markLeadContacted(leadId: string, actor: Actor): Promise<InboxItemDto> {
  return setLeadOutcome(leadId, { contacted: true }, actor);
}

/** PATCH /api/referrals/{id} with { contacted: true }: the referral's friend. */
export async function markReferralContacted(referralId: string, actor: Actor): Promise<InboxItemDto> {
  const referral = await db.referral.findUnique({ where: { id: referralId }, select: { leadId: true } });
  if (!referral) throw notFound('That referral does not exist.');
  return markLeadContacted(referral.leadId, actor);
}
