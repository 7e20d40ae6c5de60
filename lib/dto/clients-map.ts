/**
 * How a client's row becomes its ClientDto (issue 30: DTO mapping only in lib/dto): the row's selects and the
 * mapper. Pure: what only a full admin sees (the stored bank details) comes already decrypted from the service
 * (lib/services/clients/rows.ts), which holds the key. The Prisma import is a type.
 */
import type { Prisma } from '@/lib/generated/prisma/client';
import { cardUrlOf } from '@/lib/card-address';
import type { CardEmailDto, ClientDto } from './clients';
import { referralSelect, toReferralDto } from './referrals';

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

export type ClientSummaryRow = Prisma.ClientGetPayload<{ select: typeof clientSummarySelect }>;
export type ClientRow = Prisma.ClientGetPayload<{ select: typeof clientSelect }>;

/** What only a full admin sees of a client: the stored bank details (decrypted) and who shares them. */
export interface ClientBankFacts {
  sortCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  /** The card numbers of other clients with the same sort code and account number. */
  sharedBankDetailsWith: string[];
}

/** A client's DTO: with its referrals when the row has them, with `bank` for a full admin. */
export function toClientDto(
  row: ClientSummaryRow | ClientRow,
  origin: string,
  cardEmail: CardEmailDto | null,
  bank?: ClientBankFacts,
): ClientDto {
  // One link per card, wherever it is offered (issue 29, point 7): the readable one, from one function.
  const cardUrl = cardUrlOf(origin, row);
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
    cardEmail,
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
  if (bank) {
    dto.sortCode = bank.sortCode;
    dto.accountNumber = bank.accountNumber;
    dto.accountName = bank.accountName;
    dto.bankDetailsChangeId = row.bankDetailsChangeId;
    dto.sharedBankDetailsWith = bank.sharedBankDetailsWith;
  }
  return dto;
}
