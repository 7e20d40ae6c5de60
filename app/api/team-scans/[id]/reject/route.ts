import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { rejectScan } from '@/lib/services/team';

/** 'Reject': dismisses the scan, which stays on record (full admins). */
export const POST = route(team.rejectScan, async ({ params, user }) => {
  await rejectScan(params.id, user);
  return null;
});
