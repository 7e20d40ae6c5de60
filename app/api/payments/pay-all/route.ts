import { route } from '@/lib/api/route';
import { payAll } from '@/lib/services/payments';
import { payAllSchema } from '@/lib/validation/payments';

/** 'Pay All Outstanding' for one client's conversions in one month, audited per referral (full admins). */
export const POST = route({ access: 'admin', body: payAllSchema }, ({ body, user }) => payAll(body, user));
