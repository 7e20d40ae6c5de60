import { route } from '@/lib/api/route';
import { undoBonusPayments } from '@/lib/services/team';
import { undoBulkSchema } from '@/lib/validation/team';

/** 'Undo Bulk Payment': exactly the reviews a Pay All paid (full admins). */
export const POST = route({ access: 'admin', body: undoBulkSchema }, ({ body, user }) =>
  undoBonusPayments(body.reviewIds, user),
);
