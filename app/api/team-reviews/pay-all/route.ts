import { route } from '@/lib/api/route';
import { payAllBonuses } from '@/lib/services/team';
import { teamPayAllSchema } from '@/lib/validation/team';

/** 'Pay All Outstanding' for one member and month (full admins). */
export const POST = route({ access: 'admin', body: teamPayAllSchema }, ({ body, user }) =>
  payAllBonuses(body, user),
);
