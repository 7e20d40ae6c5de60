import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { currentUkMonth } from '@/lib/uk-time';
import { teamStats } from '@/lib/services/team';

/** Scan totals, the leaderboard and a month's tracking funnel (?year=&month=, else this month; any staff). */
export const GET = route(team.stats, ({ query }) =>
  teamStats(query.year && query.month ? { year: query.year, month: query.month } : currentUkMonth()),
);
