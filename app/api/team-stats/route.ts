import { route } from '@/lib/api/route';
import { currentUkMonth } from '@/lib/uk-time';
import { teamStats } from '@/lib/services/team';
import { teamStatsQuerySchema } from '@/lib/validation/team';

/** Scan totals, the leaderboard and a month's tracking funnel (?year=&month=, else this month; any staff). */
export const GET = route({ access: 'staff', query: teamStatsQuerySchema }, ({ query }) =>
  teamStats(query.year && query.month ? { year: query.year, month: query.month } : currentUkMonth()),
);
