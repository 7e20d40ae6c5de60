/**
 * What is owed now per client, for the bank file (payment-exports.ts decides who goes in it).
 */
import 'server-only';
import { db } from '@/lib/db';
import { fullName } from '../referrers';
import { byName, decryptOrNull } from './common';

export interface BankFilePayee {
  clientId: string;
  clientName: string;
  cardNumber: string;
  sortCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  held: boolean;
  owedPence: number;
}

/**
 * Everything owed now, across all months, summed per client (PostgreSQL sums; the index on status, paid and
 * conversion finds the rows). The bank file (payment-exports.ts) decides who goes in it.
 */
export async function owedPerClient(): Promise<BankFilePayee[]> {
  const rows = await db.$queryRaw<
    {
      id: string;
      firstName: string;
      lastName: string;
      cardNumber: string;
      sortCodeEnc: string | null;
      accountNumberEnc: string | null;
      accountNameEnc: string | null;
      bankDetailsHeldAt: Date | null;
      owedPence: bigint;
    }[]
  >`
    SELECT c."id", c."firstName", c."lastName", c."cardNumber", c."sortCodeEnc", c."accountNumberEnc",
           c."accountNameEnc", c."bankDetailsHeldAt", o."owedPence"
    FROM (SELECT "referrerId", sum(coalesce("rewardPence", 0)) AS "owedPence" FROM "referrals"
          WHERE "status" = 'Payment Due' AND "rewardPaid" = false GROUP BY "referrerId") o
    JOIN "clients" c ON c."id" = o."referrerId"
    WHERE o."owedPence" > 0`;
  return rows
    .map((r) => ({
      clientId: r.id,
      clientName: fullName(r),
      cardNumber: r.cardNumber,
      sortCode: decryptOrNull(r.sortCodeEnc),
      accountNumber: decryptOrNull(r.accountNumberEnc),
      accountName: decryptOrNull(r.accountNameEnc),
      held: r.bankDetailsHeldAt !== null,
      owedPence: Number(r.owedPence),
    }))
    .sort((a, b) => byName.compare(a.clientName, b.clientName) || (a.clientId < b.clientId ? -1 : 1));
}
