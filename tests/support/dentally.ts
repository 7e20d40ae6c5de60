/**
 * Issue 34: the Dentally connection for the shared route tests (the authorisation matrix, the bad-input
 * corpus). Dentally has asked us to wait for an hour, so the sync that saving a token or "Sync now" starts in
 * the background claims nothing and writes nothing: those suites' checks that a refused call changed nothing
 * are not disturbed by it, and no request leaves the machine.
 */
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { requestedDentallySyncSettled } from '@/lib/jobs/dentally';

export async function dentallyHeld(connected: boolean): Promise<void> {
  await requestedDentallySyncSettled();
  const retryAfter = new Date(Date.now() + 3_600_000);
  await db.dentallySync.upsert({
    where: { id: 1 },
    create: { id: 1, status: 'rate_limited', retryAfter },
    update: { retryAfter },
  });
  await db.settings.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  await db.settings.update({
    where: { id: 1 },
    data: { dentallyTokenEncrypted: connected ? encrypt('matrix-token-0001', encryptionKey()) : null },
  });
}
