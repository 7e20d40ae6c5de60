import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { listPendingScans } from '@/lib/services/team';

/** Scans waiting for verification, newest first (full admins). */
export const GET = route(team.pendingScans, () => listPendingScans());
