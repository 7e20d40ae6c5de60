import * as backups from '@/lib/contract/backups';
import { endpointQuery } from '@/lib/contract/client';

/** How many recent runs Settings lists. */
export const RECENT_RUNS = 5;

/** GET /api/admin/backups: the state of the backups, for full admins. */
export const backupStatusQuery = () => endpointQuery(backups.status, { query: { limit: RECENT_RUNS } });
