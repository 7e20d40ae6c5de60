import { route } from '@/lib/api/route';
import { teamOutstanding } from '@/lib/services/team-payroll';

/** Every verified, unpaid review of any month, oldest first, with a total per member (full admins). */
export const GET = route({ access: 'admin' }, () => teamOutstanding());
