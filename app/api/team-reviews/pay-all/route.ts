import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { payAllBonuses } from '@/lib/services/team';
import { requireRecentSecondFactor } from '@/lib/auth/money-guard';

/** 'Pay All Outstanding' for one member and month (full admins). */
export const POST = route(team.payAll, ({ body, user }) => {
  requireRecentSecondFactor(user);
  return payAllBonuses(body, user);
});
