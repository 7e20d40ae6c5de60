import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { confirmTotp } from '@/lib/contract/second-factor';
import * as totp from '@/lib/services/account/totp';

export const POST = route(confirmTotp, async ({ req, user, body }) =>
  totp.confirmTotp(user, body.code, clientIp(req.headers)),
);
