/**
 * Clients' shared pieces: the refusal texts, the viewer, the row selects and how a row becomes a ClientDto
 * (its card emails and contact changes), for the viewer.
 */
import 'server-only';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { ensureBankHashes, sharedBankDetails } from '../bank-details';
import { cardUrlOf } from '@/lib/card-address';
import type { CardEmailDto, ClientChangeDto, ClientDto } from '@/lib/dto/clients';
import { referralSelect, toReferralDto } from '@/lib/dto/referrals';

export type { ClientDto };

export const CLIENT_EXISTS_TEXT = 'A client with this email address is already in the system.';
export const REMOVE_BANK_DETAILS_TEXT = 'Only a full admin can remove bank details.';

export interface Viewer {
  origin: string;
  isFullAdmin: boolean;
}

/** A client's referrals that come with it (newest first); the rest through GET /api/referrals?clientId=. */
export const REFERRALS_PER_CLIENT = 100;

export const clientSummarySelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  cardNumber: true,
  inviteToken: true,
  cardKey: true,
  affiliateCompany: true,
  phone: true,
  createdAt: true,
  sortCodeEnc: true,
  accountNumberEnc: true,
  accountNameEnc: true,
  bankDetailsHash: true,
  bankDetailsHeldAt: true,
  bankDetailsChangedBy: true,
  bankDetailsChangeId: true,
  bacsRequested: true,
  bacsRequestedAt: true,
  referralCount: true,
} satisfies Prisma.ClientSelect;

export const clientSelect = {
  ...clientSummarySelect,
  referrals: {
    select: referralSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: REFERRALS_PER_CLIENT,
  },
} satisfies Prisma.ClientSelect;

type ClientSummaryRow = Prisma.ClientGetPayload<{ select: typeof clientSummarySelect }>;
type ClientRow = Prisma.ClientGetPayload<{ select: typeof clientSelect }>;

export function toClientDto(
  row: ClientSummaryRow | ClientRow,
  viewer: Viewer,
  shared: Map<string, string[]> = new Map(),
  cardEmails: Map<string, CardEmailDto> = new Map(),
): ClientDto {
  // One link per card, wherever it is offered (issue 29, point 7): the readable one, from one function.
  const cardUrl = cardUrlOf(viewer.origin, row);
  const dto: ClientDto = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    cardNumber: row.cardNumber,
    inviteToken: row.inviteToken,
    webUrl: cardUrl,
    brandedUrl: cardUrl,
    phone: row.phone,
    cardEmail: cardEmails.get(row.id) ?? null,
    affiliateCompany: row.affiliateCompany,
    createdAt: row.createdAt.toISOString(),
    referralCount: row.referralCount,
    hasBankDetails: Boolean(row.sortCodeEnc && row.accountNumberEnc),
    bacsRequested: row.bacsRequested,
    bacsRequestedAt: row.bacsRequestedAt?.toISOString() ?? null,
    bankDetailsHeldAt: row.bankDetailsHeldAt?.toISOString() ?? null,
    bankDetailsChangedBy: row.bankDetailsChangedBy,
  };
  if ('referrals' in row) dto.referrals = row.referrals.map(toReferralDto);
  if (viewer.isFullAdmin) {
    const key = encryptionKey();
    dto.sortCode = row.sortCodeEnc ? decrypt(row.sortCodeEnc, key) : null;
    dto.accountNumber = row.accountNumberEnc ? decrypt(row.accountNumberEnc, key) : null;
    dto.accountName = row.accountNameEnc ? decrypt(row.accountNameEnc, key) : null;
    dto.bankDetailsChangeId = row.bankDetailsChangeId;
    dto.sharedBankDetailsWith = shared.get(row.id) ?? [];
  }
  return dto;
}

/**
 * Each client's newest card email (issue 29, point 3: "Send again", and when it last went), in one statement
 * for a page of clients (messages_clientId_idx).
 */
async function cardEmailsOf(ids: string[]): Promise<Map<string, CardEmailDto>> {
  if (!ids.length) return new Map();
  const rows = await db.$queryRaw<
    { clientId: string; createdAt: Date; sentAt: Date | null; status: CardEmailDto['status'] }[]
  >`
    SELECT DISTINCT ON (m."clientId") m."clientId", m."createdAt", m."sentAt", m."status"::text AS "status"
    FROM "messages" m
    WHERE m."clientId" = ANY(${ids}::uuid[]) AND m."kind" = 'card_issued'
    ORDER BY m."clientId", m."createdAt" DESC, m."id" DESC`;
  return new Map(
    rows.map((r) => [
      r.clientId,
      { requestedAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null, status: r.status },
    ]),
  );
}

/**
 * Rows to DTOs, each with its newest card email; for full admins with the other clients that share each one's
 * bank account.
 */
export async function toDtos(rows: (ClientSummaryRow | ClientRow)[], viewer: Viewer): Promise<ClientDto[]> {
  const [shared, cardEmails] = await Promise.all([
    viewer.isFullAdmin ? sharedBankDetails(rows) : new Map<string, string[]>(),
    cardEmailsOf(rows.map((r) => r.id)),
  ]);
  return rows.map((row) => toClientDto(row, viewer, shared, cardEmails));
}

/** How many contact changes GET /api/clients/{id} shows (the newest). */
export const CONTACT_CHANGES_SHOWN = 20;

export async function contactChangesOf(clientId: string): Promise<ClientChangeDto[]> {
  const rows = await db.clientChange.findMany({
    where: { clientId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: CONTACT_CHANGES_SHOWN,
  });
  return rows.map((r) => ({
    field: r.field as ClientChangeDto['field'],
    from: r.fromValue,
    to: r.toValue,
    by: r.performedBy,
    at: r.createdAt.toISOString(),
  }));
}

/** Older rows get their bank-account hash before a full admin's read compares them. */
export const readyForViewer = (viewer: Viewer) =>
  viewer.isFullAdmin ? ensureBankHashes() : Promise.resolve();
