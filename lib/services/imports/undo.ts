/**
 * Undoing an import (issue 33, point 5): within 7 days a full admin removes the clients the import added who
 * have nothing attached yet, and keeps the others, saying how many and why.
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ClientImportDto } from '@/lib/dto/imports';
import { IMPORT_UNDO_DAYS, IMPORT_UNDO_MS } from '@/lib/dto/imports-map';
import type { ClientImportStatus } from '@/lib/generated/prisma/client';
import { forgetCards } from '@/lib/known-cards';
import { log } from '@/lib/log';
import { eraseMessagesOf } from '@/lib/messages/outbox';
import type { Actor } from '../actor';
import { getImportDto, IMPORT_NOT_FOUND_TEXT } from './dto';

export const UNDO_TOO_LATE_TEXT = `An import can be undone only within ${IMPORT_UNDO_DAYS} days of its run: this one is older. Delete its clients one by one instead.`;
export const UNDO_NOTHING_WRITTEN_TEXT = 'This import wrote no clients, so there is nothing to undo.';

const NOT_UNDOABLE_TEXT: Partial<Record<ClientImportStatus, string>> = {
  preview: 'This import has not been run, so there is nothing to undo: cancel it instead.',
  running: 'This import is running: cancel it first, then undo it.',
  failed: 'This import stopped part-way: start it again to finish it, or cancel it, then undo it.',
  undone: 'This import was undone already.',
};

/**
 * POST /api/imports/{id}/undo. The import's clients are removed when nothing is attached to them: no referral
 * they made, no lead naming them as referrer, no payment record, and no referral of them by someone else (a
 * lead with their email that came through a card). Money records are never rewritten, so every other client
 * stays, counted in `kept`. The app's own deletion (lib/services/clients/delete.ts) erases a row and keeps it
 * for the money it holds; a removed client here holds none, so its row goes, with what cascades from it (its
 * contact-change audit, its bank-details links), and its messages are erased (one still waiting is not sent).
 */
export async function undoImport(id: string, actor: Actor, now = new Date()): Promise<ClientImportDto> {
  const { removed, kept } = await db.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<
        { status: ClientImportStatus; finishedAt: Date | null; processedCount: number; addedCount: number }[]
      >`
        SELECT "status", "finishedAt", "processedCount", "addedCount" FROM "client_imports"
        WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!row) throw notFound(IMPORT_NOT_FOUND_TEXT);
      const refusal = NOT_UNDOABLE_TEXT[row.status];
      if (refusal) throw conflict(refusal);
      if (row.addedCount === 0 && row.processedCount === 0) throw conflict(UNDO_NOTHING_WRITTEN_TEXT);
      if (!row.finishedAt || now.getTime() - row.finishedAt.getTime() > IMPORT_UNDO_MS) {
        throw conflict(UNDO_TOO_LATE_TEXT);
      }
      // Locked, so a referral made at this moment either lands first (and the client is kept) or waits and
      // finds the client gone.
      const removable = await tx.$queryRaw<{ id: string; inviteToken: string; cardKey: string }[]>`
        SELECT c."id", c."inviteToken", c."cardKey" FROM "clients" c
        WHERE c."importId" = ${id}::uuid
          AND NOT EXISTS (SELECT 1 FROM "referrals" r WHERE r."referrerId" = c."id")
          AND NOT EXISTS (SELECT 1 FROM "leads" l WHERE l."referrerId" = c."id")
          AND NOT EXISTS (SELECT 1 FROM "payment_audit_entries" p WHERE p."clientId" = c."id")
          AND NOT EXISTS (SELECT 1 FROM "leads" l WHERE c."email" IS NOT NULL AND l."email" = c."email"
                            AND (l."referrerId" IS NOT NULL OR l."enteredCardNumber" IS NOT NULL))
        ORDER BY c."id"
        FOR UPDATE OF c`;
      const ids = removable.map((c) => c.id);
      if (ids.length) {
        await eraseMessagesOf(tx, { clientIds: ids });
        await tx.$executeRaw`UPDATE "client_import_rows" SET "clientId" = NULL
          WHERE "importId" = ${id}::uuid AND "clientId" = ANY(${ids}::uuid[])`;
        await tx.$executeRaw`DELETE FROM "clients" WHERE "id" = ANY(${ids}::uuid[])`;
      }
      const keptCount = await tx.client.count({ where: { importId: id } });
      await tx.clientImport.update({
        where: { id },
        data: {
          status: 'undone',
          undoneAt: now,
          undoneBy: actor.email,
          undoRemovedCount: ids.length,
          undoKeptCount: keptCount,
        },
      });
      return { removed: removable, kept: keptCount };
    },
    { timeout: 120_000 },
  );
  forgetCards(...removed.flatMap((c) => [c.inviteToken, c.cardKey]));
  log.info({ importId: id, removed: removed.length, kept }, 'Import undone.');
  return getImportDto(id);
}
