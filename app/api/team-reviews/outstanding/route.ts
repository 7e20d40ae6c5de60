import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { teamOutstanding } from '@/lib/services/team-payroll';

/** Every verified, unpaid review of any month, oldest first, with a total per member (full admins). */
export const GET = route(team.outstanding, () => teamOutstanding());
