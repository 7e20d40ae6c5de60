import { route } from '@/lib/api/route';
import { teamStats } from '@/lib/services/team';

/** Scan totals and the leaderboard (any staff). */
export const GET = route({ access: 'staff' }, () => teamStats());
