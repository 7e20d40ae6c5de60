import { json, route } from '@/lib/api/route';
import { approveScan, SCAN_NOT_FOUND_TEXT } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';
import { approveScanSchema } from '@/lib/validation/team';

/** 'Verify & Approve': the scan becomes a verified review (full admins). */
export const POST = route(
  { access: 'admin', params: idParamSchema, body: approveScanSchema, notFoundMessage: SCAN_NOT_FOUND_TEXT },
  async ({ params, body, user }) => json(await approveScan(params.id, body, user), { status: 201 }),
);
