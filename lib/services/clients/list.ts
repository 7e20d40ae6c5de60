/**
 * Reading clients: the count, the paged list (with referrals and what is owed), the leaderboard and one
 * client.
 */
import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { encodeCursor, encodeSortCursor, type ClientSort } from '@/lib/validation/paging';
import { clientCountSql, clientPageSql, type ClientPageOptions } from '../client-list';
import { STATUS_VALUE, toReferralDto } from '@/lib/dto/referrals';
import { countOf, inOrder, type KeyRow, type Paged } from '../search';
import { toPounds } from '@/lib/money';
import { REFERRALS_PER_CLIENT, clientSelect, clientSummarySelect } from '@/lib/dto/clients-map';
import { type Viewer, contactChangesOf, readyForViewer, toDtos } from './rows';

export interface ClientListOptions extends ClientPageOptions {
  /** Each client's first REFERRALS_PER_CLIENT referrals with it (the API's default). */
  withReferrals: boolean;
}

/** The number of clients, as the dashboard's tab shows it. */
export function clientCount(): Promise<number> {
  return countOf(clientCountSql(undefined, {}));
}

/**
 * Each of these clients' newest REFERRALS_PER_CLIENT referrals, newest first, as the API answers them: one
 * statement, each client's share bounded by its own LATERAL walk of referrals_referrerId_createdAt_id_idx
 * (issue 19: the nested read took three round trips in a row, and loaded every referral of every client).
 */
async function referralsOfClients(ids: string[]): Promise<Map<string, ReferralDto[]>> {
  const byClient = new Map<string, ReferralDto[]>();
  if (!ids.length) return byClient;
  const rows = await db.$queryRaw<
    {
      id: string;
      leadId: string;
      referrerId: string;
      status: string;
      rewardPence: number | null;
      rewardPaid: boolean;
      paidAt: Date | null;
      convertedAt: Date | null;
      createdAt: Date;
      updatedAt: Date;
      leadFirstName: string;
      leadLastName: string;
      leadEmail: string;
      leadPhone: string | null;
      isSelfReferral: boolean;
      erasedAt: Date | null;
      referrerFirstName: string;
      referrerLastName: string;
      referrerDeletedAt: Date | null;
    }[]
  >`
    SELECT r."id", r."leadId", r."referrerId", r."status"::text AS "status", r."rewardPence", r."rewardPaid",
           r."paidAt", r."convertedAt", r."createdAt", r."updatedAt",
           l."firstName" AS "leadFirstName", l."lastName" AS "leadLastName", l."email" AS "leadEmail",
           l."phone" AS "leadPhone", l."isSelfReferral", l."erasedAt",
           c."firstName" AS "referrerFirstName", c."lastName" AS "referrerLastName",
           c."deletedAt" AS "referrerDeletedAt"
    FROM unnest(${ids}::uuid[]) AS p("id")
    JOIN "clients" c ON c."id" = p."id"
    CROSS JOIN LATERAL (
      SELECT * FROM "referrals" x WHERE x."referrerId" = p."id"
      ORDER BY x."createdAt" DESC, x."id" DESC LIMIT ${REFERRALS_PER_CLIENT}
    ) r
    JOIN "leads" l ON l."id" = r."leadId"
    ORDER BY r."referrerId", r."createdAt" DESC, r."id" DESC`;
  for (const r of rows) {
    const dto = toReferralDto({
      ...r,
      status: STATUS_VALUE[r.status as keyof typeof STATUS_VALUE],
      lead: {
        firstName: r.leadFirstName,
        lastName: r.leadLastName,
        email: r.leadEmail,
        phone: r.leadPhone,
        isSelfReferral: r.isSelfReferral,
        erasedAt: r.erasedAt,
      },
      referrer: {
        firstName: r.referrerFirstName,
        lastName: r.referrerLastName,
        deletedAt: r.referrerDeletedAt,
      },
    });
    const list = byClient.get(r.referrerId);
    if (list) list.push(dto);
    else byClient.set(r.referrerId, [dto]);
  }
  return byClient;
}

/** Rewards owed now to each of these clients, in pence (one grouped query for a page). */
async function owedPenceOf(ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const sums = await db.referral.groupBy({
    by: ['referrerId'],
    where: { referrerId: { in: ids }, status: 'payment_due', rewardPaid: false },
    _sum: { rewardPence: true },
  });
  return new Map(sums.map((s) => [s.referrerId, s._sum.rewardPence ?? 0]));
}

/**
 * GET /api/clients: one page of clients in the order asked (newest first by default), filtered and searched,
 * with the total of matches and what each client is owed now.
 */
export async function listClients(options: ClientListOptions, viewer: Viewer): Promise<Paged<ClientDto>> {
  await readyForViewer(viewer);
  const { q, owed, bacsMissing, noReferrals, affiliate } = options;
  const [keys, total] = await Promise.all([
    db.$queryRaw<(KeyRow & { key: Date | string | bigint | number })[]>(clientPageSql(options)),
    countOf(clientCountSql(q, { owed, bacsMissing, noReferrals, affiliate })),
  ]);
  const hasMore = keys.length > options.limit;
  const rows = keys.slice(0, options.limit);
  const ids = rows.map((r) => r.id);
  // The page's clients, their referrals and what each is owed, side by side (one round trip deep).
  const [found, referrals, owedPence] = await Promise.all([
    db.client.findMany({ where: { id: { in: ids } }, select: clientSummarySelect }),
    options.withReferrals ? referralsOfClients(ids) : null,
    owedPenceOf(ids),
  ]);
  const items = await toDtos(inOrder(ids, found), viewer);
  const last = rows[rows.length - 1];
  return {
    items: items.map((dto) => ({
      ...dto,
      ...(referrals && { referrals: referrals.get(dto.id) ?? [] }),
      owedAmount: toPounds(owedPence.get(dto.id)),
    })),
    total,
    nextCursor: hasMore && last ? nextCursor(options.sort ?? 'created', last) : null,
  };
}

function nextCursor(sort: ClientSort, last: KeyRow & { key: Date | string | bigint | number }): string {
  if (sort === 'created') return encodeCursor({ createdAt: last.createdAt, id: last.id });
  const value = typeof last.key === 'bigint' ? Number(last.key) : (last.key as string | number);
  return encodeSortCursor({ sort, value, id: last.id });
}

/** The clients with the most referrals (at least one), a tie to the client registered first. */
export const LEADERBOARD_SIZE = 10;

export async function clientLeaderboard(viewer: Viewer): Promise<ClientDto[]> {
  await readyForViewer(viewer);
  const rows = await db.client.findMany({
    where: { referralCount: { gt: 0 }, deletedAt: null },
    orderBy: [{ referralCount: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
    take: LEADERBOARD_SIZE,
    select: clientSummarySelect,
  });
  return toDtos(rows, viewer);
}

/** GET /api/clients/{id}, with what the clinic owes the client now (the delete dialog states it). */
export async function getClient(id: string, withReferrals: boolean, viewer: Viewer): Promise<ClientDto> {
  await readyForViewer(viewer);
  const where = { id, deletedAt: null };
  const [row, owed, contactChanges] = await Promise.all([
    withReferrals
      ? db.client.findUnique({ where, select: clientSelect })
      : db.client.findUnique({ where, select: clientSummarySelect }),
    db.referral.aggregate({
      where: { referrerId: id, status: 'payment_due', rewardPaid: false },
      _sum: { rewardPence: true },
    }),
    contactChangesOf(id),
  ]);
  if (!row) throw notFound('That client does not exist.');
  const [dto] = await toDtos([row], viewer);
  return { ...dto!, owedAmount: toPounds(owed._sum.rewardPence), contactChanges };
}
