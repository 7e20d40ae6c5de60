import { route } from '@/lib/api/route';
import { listPendingScans } from '@/lib/services/team';

/** Scans waiting for verification, newest first (full admins). */
export const GET = route({ access: 'admin' }, () => listPendingScans());
