import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { stepUp } from '@/lib/contract/second-factor';
import { stepUpByCode } from '@/lib/services/account/step-up';

export const POST = route(stepUp, async ({ req, user, body }) =>
  stepUpByCode(user, body, clientIp(req.headers)),
);
