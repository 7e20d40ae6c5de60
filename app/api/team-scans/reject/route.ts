import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { rejectScans } from '@/lib/services/team';

/** Reject many pending scans at once (full admins): `{ ids }`, up to 500; answers how many were rejected. */
export const POST = route(team.rejectScans, ({ body, user }) => rejectScans(body.ids, user));
