/**
 * What an import keeps of the file, and for how long (issue 33): the cells of the rows it wrote or skipped go
 * when the run ends (run.ts); those of the rows with errors and the repeats stay for errors.csv, for 7 days.
 * The daily privacy retention (lib/services/privacy.ts) calls this.
 */
import 'server-only';
import type { Prisma } from '@/lib/generated/prisma/client';

/** How long an import's leftover cells (errors.csv's rows, an abandoned preview's file) are kept. */
export const IMPORT_CELLS_DAYS = 7;

/**
 * Empties every cell kept longer than IMPORT_CELLS_DAYS: of imports that ended (done, cancelled, undone) that
 * long ago, and of previews and failed runs left that long (they are cancelled: the file is gone, so they can
 * no longer run; a failed run's clients stay, and can be undone for 7 days from now). Returns the rows emptied.
 */
export async function emptyOldImportCells(tx: Prisma.TransactionClient, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_CELLS_DAYS * 86_400_000);
  const abandoned = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "client_imports" SET "status" = 'cancelled', "cancelledAt" = ${now},
      "finishedAt" = CASE WHEN "processedCount" > 0 THEN ${now} ELSE "finishedAt" END
    WHERE ("status" = 'preview' AND "createdAt" < ${cutoff})
       OR ("status" = 'failed' AND coalesce("startedAt", "createdAt") < ${cutoff})
    RETURNING "id"`;
  const ids = abandoned.map((i) => i.id);
  return tx.$executeRaw`
    UPDATE "client_import_rows" r SET "cells" = '{}'
    FROM "client_imports" i
    WHERE r."importId" = i."id" AND r."cells" <> '{}'
      AND (i."id" = ANY(${ids}::uuid[])
           OR (i."status" IN ('done', 'cancelled', 'undone')
               AND coalesce(i."finishedAt", i."cancelledAt", i."createdAt") < ${cutoff}))`;
}
