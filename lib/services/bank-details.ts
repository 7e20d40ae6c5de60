import 'server-only';
import type { PendingBankChange } from '@/lib/dto/clients';
import { conflict, notFound } from '@/lib/api/errors';
import {
  bankChangeDetails,
  changedAgainText,
  heldPaymentText,
  lastFourSortCode,
  maskAccountNumber,
  sameBankDetails,
  type BankDetails,
} from '@/lib/bank-details';
import { bankAccountHash, decrypt, encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { log } from '@/lib/log';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Actor } from './actor';
import { fullName } from './referrers';

export const NOTHING_HELD_TEXT = 'These bank details are not on hold: there is nothing to approve.';

const CLIENT_NOT_FOUND = 'That client does not exist.';

/** A client's stored bank details, decrypted (null when there are none). */
export function storedBankDetails(row: {
  sortCodeEnc: string | null;
  accountNumberEnc: string | null;
  accountNameEnc: string | null;
}): BankDetails | null {
  if (!row.sortCodeEnc || !row.accountNumberEnc) return null;
  const key = encryptionKey();
  return {
    sortCode: decrypt(row.sortCodeEnc, key),
    accountNumber: decrypt(row.accountNumberEnc, key),
    accountName: row.accountNameEnc ? decrypt(row.accountNameEnc, key) : null,
  };
}

interface HeldRow {
  bankDetailsHeldAt: Date;
  bankDetailsChangedBy: string | null;
  bankDetailsChangeId: string | null;
}

/** A held change as an approval shows it: the numbers masked except their last four, never in full. */
function pendingChangeOf(row: HeldRow, details: BankDetails | null): PendingBankChange {
  return {
    changeId: row.bankDetailsChangeId,
    sortCode: details ? lastFourSortCode(details.sortCode) : null,
    accountNumber: details ? maskAccountNumber(details.accountNumber) : null,
    accountName: details?.accountName ?? null,
    changedBy: row.bankDetailsChangedBy ?? 'unknown',
    heldAt: row.bankDetailsHeldAt.toISOString(),
  };
}

/**
 * GET /api/admin/clients/{id}/bank-details/pending (issue 29, point 8): the held change an approval would
 * approve, with its changeId, the new details masked and who changed them when; null when nothing is held.
 */
export async function pendingBankChange(clientId: string): Promise<PendingBankChange | null> {
  const row = await db.client.findFirst({
    where: { id: clientId, deletedAt: null },
    select: {
      sortCodeEnc: true,
      accountNumberEnc: true,
      accountNameEnc: true,
      bankDetailsHeldAt: true,
      bankDetailsChangedBy: true,
      bankDetailsChangeId: true,
    },
  });
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  if (!row.bankDetailsHeldAt) return null;
  return pendingChangeOf({ ...row, bankDetailsHeldAt: row.bankDetailsHeldAt }, storedBankDetails(row));
}

export interface BankDetailsChange {
  sortCode: string | null;
  accountNumber: string | null;
  accountName?: string | null;
}

/**
 * Writes new bank details (or removes them) with their 'bank_details_changed' audit entry, in one transaction.
 * The client's row is locked first, so a payment being made at the same moment either finishes before the
 * change or sees the hold. A change by someone other than a full admin holds the client's payments until a full
 * admin approves; a full admin's own change does not hold, and clears an earlier hold, since the details that
 * were held are gone and the admin typed the new ones. Details equal to the stored ones change nothing.
 */
export async function changeBankDetails(
  tx: Prisma.TransactionClient,
  clientId: string,
  change: BankDetailsChange,
  actor: Actor & { isFullAdmin: boolean },
  extra: Prisma.ClientUpdateInput,
): Promise<void> {
  const [row] = await tx.$queryRaw<
    {
      firstName: string;
      lastName: string;
      sortCodeEnc: string | null;
      accountNumberEnc: string | null;
      accountNameEnc: string | null;
      bankDetailsHeldAt: Date | null;
    }[]
  >`SELECT "firstName", "lastName", "sortCodeEnc", "accountNumberEnc", "accountNameEnc", "bankDetailsHeldAt"
    FROM "clients" WHERE "id" = ${clientId}::uuid AND "deletedAt" IS NULL FOR UPDATE`;
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  const before = storedBankDetails(row);
  const after: BankDetails | null =
    change.sortCode && change.accountNumber
      ? {
          sortCode: change.sortCode,
          accountNumber: change.accountNumber,
          accountName: change.accountName ?? null,
        }
      : null;
  if (sameBankDetails(before, after)) {
    if (Object.keys(extra).length) await tx.client.update({ where: { id: clientId }, data: extra });
    return;
  }
  const key = encryptionKey();
  const held = !actor.isFullAdmin && after !== null;
  const now = new Date();
  const entry = await tx.paymentAuditEntry.create({
    select: { id: true },
    data: {
      action: 'bank_details_changed',
      clientId,
      clientName: fullName(row),
      referralName: '',
      amountPence: 0,
      performedById: actor.id,
      performedBy: actor.email,
      details: bankChangeDetails(
        before,
        after,
        held ? 'held' : row.bankDetailsHeldAt ? 'hold cleared' : 'not held',
      ),
      createdAt: now,
    },
  });
  await tx.client.update({
    where: { id: clientId },
    data: {
      ...extra,
      sortCodeEnc: after ? encrypt(after.sortCode, key) : null,
      accountNumberEnc: after ? encrypt(after.accountNumber, key) : null,
      accountNameEnc: after?.accountName ? encrypt(after.accountName, key) : null,
      bankDetailsHash: after ? bankAccountHash(after.sortCode, after.accountNumber, key) : null,
      bankDetailsHeldAt: held ? now : null,
      bankDetailsChangedBy: held ? actor.email : null,
      // A held change is known by its audit entry: the approval names it (approveBankDetails).
      bankDetailsChangeId: held ? entry.id : null,
    },
  });
}

/**
 * POST /api/admin/clients/{id}/bank-details/approve { changeId }: a full admin lifts the hold, with a
 * 'bank_details_approved' audit entry. The approval names the held change the admin saw (its audit entry's
 * id): if another change has replaced it since (a member of staff swapping the account while the admin looked
 * at the first one), nothing is approved and the answer is a 409 carrying the newer details, masked, so the
 * admin looks again. The client's row is locked first, so a change landing at the same moment either commits
 * before (and the ids differ) or waits until the approval has committed (and is held afresh). Nothing held is
 * a 409 too (a second admin approving the same change at the same moment is told it was already done).
 */
export async function approveBankDetails(clientId: string, changeId: string, actor: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      {
        firstName: string;
        lastName: string;
        sortCodeEnc: string | null;
        accountNumberEnc: string | null;
        accountNameEnc: string | null;
        bankDetailsHeldAt: Date | null;
        bankDetailsChangedBy: string | null;
        bankDetailsChangeId: string | null;
      }[]
    >`SELECT "firstName", "lastName", "sortCodeEnc", "accountNumberEnc", "accountNameEnc", "bankDetailsHeldAt",
             "bankDetailsChangedBy", "bankDetailsChangeId"
      FROM "clients" WHERE "id" = ${clientId}::uuid AND "deletedAt" IS NULL FOR UPDATE`;
    if (!row) throw notFound(CLIENT_NOT_FOUND);
    if (!row.bankDetailsHeldAt) throw conflict(NOTHING_HELD_TEXT);
    const details = storedBankDetails(row);
    const changedBy = row.bankDetailsChangedBy ?? 'unknown';
    if (row.bankDetailsChangeId !== changeId) {
      const pending = pendingChangeOf({ ...row, bankDetailsHeldAt: row.bankDetailsHeldAt }, details);
      throw conflict(changedAgainText(changedBy, row.bankDetailsHeldAt), {
        code: 'bank_details_changed_again',
        pending,
      });
    }
    await tx.client.update({
      where: { id: clientId },
      data: { bankDetailsHeldAt: null, bankDetailsChangedBy: null, bankDetailsChangeId: null },
    });
    await tx.paymentAuditEntry.create({
      data: {
        action: 'bank_details_approved',
        clientId,
        clientName: fullName(row),
        referralName: '',
        amountPence: 0,
        performedById: actor.id,
        performedBy: actor.email,
        details: `Approved: ${bankChangeDetails(null, details, 'not held').replace(/^Set: none → /, '')}, as changed by ${changedBy}`,
      },
    });
  });
}

/**
 * Refuses (409) to pay any of these clients while its bank details are held, naming who changed them and when.
 * The rows are locked (FOR SHARE) until the payment commits, so a change of details waits for the payment
 * and a payment started after a change sees its hold.
 */
export async function assertNotHeld(tx: Prisma.TransactionClient, clientIds: string[]): Promise<void> {
  if (clientIds.length === 0) return;
  const held = await tx.$queryRaw<
    {
      firstName: string;
      lastName: string;
      bankDetailsHeldAt: Date | null;
      bankDetailsChangedBy: string | null;
    }[]
  >`SELECT "firstName", "lastName", "bankDetailsHeldAt", "bankDetailsChangedBy" FROM "clients"
    WHERE "id" IN (${Prisma.join(clientIds.map((id) => Prisma.sql`${id}::uuid`))})
    ORDER BY "id" FOR SHARE`;
  const first = held.find((c) => c.bankDetailsHeldAt);
  if (first?.bankDetailsHeldAt) {
    throw conflict(
      heldPaymentText(fullName(first), first.bankDetailsChangedBy ?? 'staff', first.bankDetailsHeldAt),
      {
        code: 'bank_details_held',
      },
    );
  }
}

let hashesFilled: Promise<void> | null = null;

/**
 * Rows saved before the keyed hash existed get it once per process, on first use (a migration cannot compute
 * an HMAC with the app's key). Cheap once done: the query finds nothing.
 */
export function ensureBankHashes(): Promise<void> {
  hashesFilled ??= (async () => {
    const rows = await db.client.findMany({
      where: { bankDetailsHash: null, sortCodeEnc: { not: null }, accountNumberEnc: { not: null } },
      select: { id: true, sortCodeEnc: true, accountNumberEnc: true },
    });
    const key = encryptionKey();
    for (const row of rows) {
      let hash: string;
      try {
        hash = bankAccountHash(decrypt(row.sortCodeEnc!, key), decrypt(row.accountNumberEnc!, key), key);
      } catch {
        // Not readable with this key (a restored backup with another key, say): it cannot match anything.
        log.error({ clientId: row.id }, 'Stored bank details do not decrypt with this key; not compared.');
        continue;
      }
      await db.client.updateMany({
        where: { id: row.id, sortCodeEnc: row.sortCodeEnc },
        data: { bankDetailsHash: hash },
      });
    }
  })().catch((error: unknown) => {
    hashesFilled = null;
    throw error;
  });
  return hashesFilled;
}

/**
 * For each of these clients, the card numbers of the other clients with the same account (sort code and
 * account number): a common way to collect someone else's reward. Shown to full admins only. Callers read
 * the rows after ensureBankHashes(), so that older rows have their hash.
 */
export async function sharedBankDetails(
  rows: { id: string; bankDetailsHash: string | null }[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  const hashes = [...new Set(rows.map((r) => r.bankDetailsHash).filter((h): h is string => Boolean(h)))];
  if (hashes.length === 0) return result;
  const same = await db.client.findMany({
    where: { bankDetailsHash: { in: hashes } },
    select: { id: true, cardNumber: true, bankDetailsHash: true },
    orderBy: { cardNumber: 'asc' },
  });
  for (const row of rows) {
    if (!row.bankDetailsHash) continue;
    const others = same.filter((s) => s.bankDetailsHash === row.bankDetailsHash && s.id !== row.id);
    if (others.length)
      result.set(
        row.id,
        others.map((s) => s.cardNumber),
      );
  }
  return result;
}
