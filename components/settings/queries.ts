import * as auth from '@/lib/contract/auth';
import { endpointQuery } from '@/lib/contract/client';

/** GET /api/admin/users: every staff account, for full admins. */
export const staffQuery = () => endpointQuery(auth.listStaff);
