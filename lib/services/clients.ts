import 'server-only';
import { conflict, forbidden, notFound } from '@/lib/api/errors';
import { decrypt, encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { newCardNumber, newInviteToken } from './codes';
import { brandedSlugBase } from './names';
import type { ClientDto } from '@/lib/dto/clients';
import { referralSelect, toReferralDto } from './referral-dto';

export type { ClientDto };

export const CLIENT_EXISTS_TEXT = 'A client with this email address is already in the system.';
export const REMOVE_BANK_DETAILS_TEXT = 'Only a full admin can remove bank details.';

export interface Viewer {
  origin: string;
  isFullAdmin: boolean;
}

const clientSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  cardNumber: true,
  inviteToken: true,
  brandedSlug: true,
  affiliateCompany: true,
  createdAt: true,
  sortCodeEnc: true,
  accountNumberEnc: true,
  bacsRequested: true,
  bacsRequestedAt: true,
  _count: { select: { referrals: true } },
  referrals: { select: referralSelect, orderBy: { createdAt: 'desc' } },
} satisfies Prisma.ClientSelect;

type ClientRow = Prisma.ClientGetPayload<{ select: typeof clientSelect }>;

function toDto(row: ClientRow, viewer: Viewer): ClientDto {
  const dto: ClientDto = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    cardNumber: row.cardNumber,
    inviteToken: row.inviteToken,
    webUrl: `${viewer.origin}/card/${row.inviteToken}`,
    brandedUrl: `${viewer.origin}/card/${row.brandedSlug ?? row.inviteToken}`,
    affiliateCompany: row.affiliateCompany,
    createdAt: row.createdAt.toISOString(),
    referralCount: row._count.referrals,
    referrals: row.referrals.map(toReferralDto),
    hasBankDetails: Boolean(row.sortCodeEnc && row.accountNumberEnc),
    bacsRequested: row.bacsRequested,
    bacsRequestedAt: row.bacsRequestedAt?.toISOString() ?? null,
  };
  if (viewer.isFullAdmin) {
    const key = encryptionKey();
    dto.sortCode = row.sortCodeEnc ? decrypt(row.sortCodeEnc, key) : null;
    dto.accountNumber = row.accountNumberEnc ? decrypt(row.accountNumberEnc, key) : null;
  }
  return dto;
}

export async function listClients(viewer: Viewer): Promise<ClientDto[]> {
  const rows = await db.client.findMany({
    select: clientSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map((row) => toDto(row, viewer));
}

async function getClientOrThrow(id: string, viewer: Viewer): Promise<ClientDto> {
  const row = await db.client.findUnique({ where: { id }, select: clientSelect });
  if (!row) throw notFound('That client does not exist.');
  return toDto(row, viewer);
}

/** The first free readable slug for a name: JaneSmith, then JaneSmith2, JaneSmith3, ... */
async function freeSlug(firstName: string, lastName: string): Promise<string> {
  const base = brandedSlugBase(firstName, lastName);
  const taken = await db.client.findMany({
    where: { brandedSlug: { startsWith: base } },
    select: { brandedSlug: true },
  });
  const used = new Set(taken.map((t) => t.brandedSlug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

async function existingByEmail(email: string, viewer: Viewer) {
  const row = await db.client.findUnique({ where: { email }, select: clientSelect });
  return row ? toDto(row, viewer) : null;
}

/**
 * Registers a client with a new card number, invite token and branded slug. The same email again (the
 * schema lower-cases it) is a 409 carrying the existing client, and nothing new is written. A clash of the
 * random card number or token, or of the slug with a concurrent registration, is retried.
 */
export async function createClient(
  input: { firstName: string; lastName: string; email: string; affiliateCompany?: string | null },
  viewer: Viewer,
): Promise<ClientDto> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await existingByEmail(input.email, viewer);
    if (existing) throw conflict(CLIENT_EXISTS_TEXT, { client: existing });
    try {
      const row = await db.client.create({
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          affiliateCompany: input.affiliateCompany ?? null,
          cardNumber: newCardNumber(),
          inviteToken: newInviteToken(),
          brandedSlug: await freeSlug(input.firstName, input.lastName),
        },
        select: clientSelect,
      });
      return toDto(row, viewer);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not allocate a unique card number; please try again.');
}

/**
 * The readable link for a client named so (spec section 7 sends only the names): the newest such client's
 * slug, made now when it has none. Unknown name → 404.
 */
export async function brandedLinkFor(
  input: { firstName: string; lastName: string; clientId?: string },
  viewer: Viewer,
): Promise<string> {
  const client = await db.client.findFirst({
    where: input.clientId
      ? { id: input.clientId }
      : {
          firstName: { equals: input.firstName, mode: 'insensitive' },
          lastName: { equals: input.lastName, mode: 'insensitive' },
        },
    orderBy: { createdAt: 'desc' },
    select: { id: true, firstName: true, lastName: true, brandedSlug: true },
  });
  if (!client) throw notFound('No client has that name.');
  let slug = client.brandedSlug;
  for (let attempt = 0; !slug && attempt < 5; attempt++) {
    try {
      const candidate = await freeSlug(client.firstName, client.lastName);
      await db.client.update({ where: { id: client.id }, data: { brandedSlug: candidate } });
      slug = candidate;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (!slug) throw new Error('Could not allocate a branded link; please try again.');
  return `${viewer.origin}/card/${slug}`;
}

export interface ClientChanges {
  firstName?: string;
  lastName?: string;
  affiliateCompany?: string | null;
  sortCode?: string | null;
  accountNumber?: string | null;
  bacsRequested?: boolean;
}

/** Applies an edit from the dashboard. Bank details are encrypted before they reach the database. */
export async function updateClient(id: string, changes: ClientChanges, viewer: Viewer): Promise<ClientDto> {
  const data: Prisma.ClientUpdateInput = {};
  if (changes.firstName !== undefined && changes.lastName !== undefined) {
    data.firstName = changes.firstName;
    data.lastName = changes.lastName;
  }
  if (changes.affiliateCompany !== undefined) data.affiliateCompany = changes.affiliateCompany;
  if (changes.sortCode === null && !viewer.isFullAdmin) throw forbidden(REMOVE_BANK_DETAILS_TEXT);
  if (changes.sortCode !== undefined && changes.accountNumber !== undefined) {
    const key = encryptionKey();
    data.sortCodeEnc = changes.sortCode === null ? null : encrypt(changes.sortCode, key);
    data.accountNumberEnc = changes.accountNumber === null ? null : encrypt(changes.accountNumber, key);
    // Details given answer an outstanding request.
    if (changes.sortCode !== null) {
      data.bacsRequested = false;
      data.bacsRequestedAt = null;
    }
  }
  if (changes.bacsRequested !== undefined) {
    data.bacsRequested = changes.bacsRequested;
    data.bacsRequestedAt = changes.bacsRequested ? new Date() : null;
  }
  try {
    await db.client.update({ where: { id }, data });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
      throw notFound('That client does not exist.');
    }
    throw error;
  }
  return getClientOrThrow(id, viewer);
}

/** Deletes a client and their referrals; the payment audit log keeps its names and amounts as text. */
export async function deleteClient(id: string): Promise<void> {
  const { count } = await db.client.deleteMany({ where: { id } });
  if (count === 0) throw notFound('That client does not exist.');
}
