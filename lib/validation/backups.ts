import { pageLimit } from './paging';
import { z } from './zod';

/** GET /api/admin/backups: how many recent runs to list (1 to 50, default 10). */
export const MAX_RECENT_BACKUP_RUNS = 50;
export const backupStatusQuerySchema = z.object({ limit: pageLimit(MAX_RECENT_BACKUP_RUNS, 10) });
