import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { approveScan } from '@/lib/services/team';

/** 'Verify & Approve': the scan becomes a verified review (full admins). */
export const POST = route(team.approveScan, async ({ params, body, user }) =>
  approveScan(params.id, body, user),
);
