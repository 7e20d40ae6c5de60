import { route } from '@/lib/api/route';
import { rejectScan, SCAN_NOT_FOUND_TEXT } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';

/** 'Reject': dismisses the scan, which stays on record (full admins). */
export const POST = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: SCAN_NOT_FOUND_TEXT },
  async ({ params, user }) => {
    await rejectScan(params.id, user);
    return null;
  },
);
