import 'server-only';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AccountAuditAction } from '@/lib/generated/prisma/enums';

/**
 * The account audit (issue 31): invitations, password resets and changes, second-factor changes and the use of
 * a recovery code. Written in the transaction of what it records; never updated or deleted by the app. Full
 * admins read it (GET /api/admin/account-audit).
 */
export const ACCOUNT_HOLDER = 'the account holder';
export const COMMAND_LINE = 'the server (command line)';

export interface AccountEvent {
  action: AccountAuditAction;
  /** The account it is about (null for an invitation not yet accepted). */
  userId?: string | null;
  email: string;
  /** Who did it: the signed-in staff member, or null for the account holder acting on their own account. */
  actor?: { id: string | null; email: string } | null;
  performedBy?: string;
  ip?: string | null;
  details?: string | null;
}

export async function recordAccountEvent(
  event: AccountEvent,
  tx: Pick<Prisma.TransactionClient, 'accountAuditEntry'> = db,
): Promise<void> {
  await tx.accountAuditEntry.create({
    data: {
      action: event.action,
      userId: event.userId ?? null,
      email: event.email.toLowerCase(),
      performedById: event.actor?.id ?? null,
      performedBy: event.performedBy ?? event.actor?.email ?? ACCOUNT_HOLDER,
      ip: event.ip ?? null,
      details: event.details ?? null,
    },
  });
}
