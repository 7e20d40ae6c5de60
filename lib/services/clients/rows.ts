/**
 * Clients' shared pieces: the refusal texts, the viewer, and what a row's ClientDto needs that only the service
 * has (decrypted bank details, its card emails, contact changes); the selects and the mapper are in
 * lib/dto/clients-map.ts.
 */
import 'server-only';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { ensureBankHashes, sharedBankDetails } from '../bank-details';
import type { CardEmailDto, ClientChangeDto, ClientDto } from '@/lib/dto/clients';
import { type ClientRow, type ClientSummaryRow, toClientDto } from '@/lib/dto/clients-map';

export type { ClientDto };

export const CLIENT_EXISTS_TEXT = 'A client with this email address is already in the system.';
export const REMOVE_BANK_DETAILS_TEXT = 'Only a full admin can remove bank details.';

export interface Viewer {
  origin: string;
  isFullAdmin: boolean;
}

/**
 * A client's DTO for the viewer (lib/dto/clients-map.ts): for a full admin with the stored bank details,
 * decrypted here (the key stays in the services), and the other clients that share them.
 */
export function clientDtoFor(
  row: ClientSummaryRow | ClientRow,
  viewer: Viewer,
  shared: Map<string, string[]> = new Map(),
  cardEmails: Map<string, CardEmailDto> = new Map(),
): ClientDto {
  const cardEmail = cardEmails.get(row.id) ?? null;
  if (!viewer.isFullAdmin) return toClientDto(row, viewer.origin, cardEmail);
  const key = encryptionKey();
  return toClientDto(row, viewer.origin, cardEmail, {
    sortCode: row.sortCodeEnc ? decrypt(row.sortCodeEnc, key) : null,
    accountNumber: row.accountNumberEnc ? decrypt(row.accountNumberEnc, key) : null,
    accountName: row.accountNameEnc ? decrypt(row.accountNameEnc, key) : null,
    sharedBankDetailsWith: shared.get(row.id) ?? [],
  });
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
  return rows.map((row) => clientDtoFor(row, viewer, shared, cardEmails));
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
