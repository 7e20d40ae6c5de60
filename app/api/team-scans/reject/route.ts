import { route } from '@/lib/api/route';
import { rejectScans } from '@/lib/services/team';
import { rejectScansSchema } from '@/lib/validation/team';

/** Reject many pending scans at once (full admins): `{ ids }`, up to 500; answers how many were rejected. */
export const POST = route(
  { access: 'admin', body: rejectScansSchema, maxBodyBytes: 32 * 1024 },
  ({ body, user }) => rejectScans(body.ids, user),
);
