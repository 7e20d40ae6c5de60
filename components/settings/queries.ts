import * as auth from '@/lib/contract/auth';
import { endpointQuery } from '@/lib/contract/client';
import * as invites from '@/lib/contract/invites';

/** GET /api/admin/users: every staff account, for full admins. */
export const staffQuery = () => endpointQuery(auth.listStaff);

/** GET /api/admin/invites: the invitations not yet accepted (pending or expired), for full admins. */
export const invitesQuery = () => endpointQuery(invites.listInvites);
