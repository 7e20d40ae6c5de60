import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { setBonusPaid } from '@/lib/services/team';
import { requireRecentSecondFactor, requireSecondFactor } from '@/lib/auth/money-guard';

/** 'Mark Paid' (full admins), audited. */
export const POST = route(team.payBonus, ({ params, user }) => {
  requireRecentSecondFactor(user);
  return setBonusPaid(params.id, true, user);
});

/** Undo a bonus payment (full admins), audited. */
export const DELETE = route(team.undoBonus, ({ params, user }) => {
  requireSecondFactor(user);
  return setBonusPaid(params.id, false, user);
});
