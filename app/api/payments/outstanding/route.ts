import { route } from '@/lib/api/route';
import { listOutstanding } from '@/lib/services/payments';

/** Unpaid Payment Due referrals, oldest conversion first, with days since conversion (full admins). */
export const GET = route({ access: 'admin' }, () => listOutstanding());
