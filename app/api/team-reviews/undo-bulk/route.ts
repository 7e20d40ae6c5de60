import { route } from '@/lib/api/route';
import { undoBonusPayments } from '@/lib/services/team';
import { undoBulkSchema } from '@/lib/validation/team';

/** 'Undo Bulk Payment': exactly the reviews a Pay All paid (full admins); room for 500 ids. */
export const POST = route(
  { access: 'admin', body: undoBulkSchema, maxBodyBytes: 32 * 1024 },
  ({ body, user }) => undoBonusPayments(body.reviewIds, user),
);
