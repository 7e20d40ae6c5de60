import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { undoBonusPayments } from '@/lib/services/team';
import { requireSecondFactor } from '@/lib/auth/money-guard';

/** 'Undo Bulk Payment': exactly the reviews a Pay All paid (full admins); room for 500 ids. */
export const POST = route(team.undoBulk, ({ body, user }) => {
  requireSecondFactor(user);
  return undoBonusPayments(body.reviewIds, user);
});
