import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { removeTotp, startTotp } from '@/lib/contract/second-factor';
import * as totp from '@/lib/services/account/totp';

export const POST = route(startTotp, async ({ user }) => totp.startTotp(user));

export const DELETE = route(removeTotp, async ({ req, user }) => {
  await totp.removeTotp(user, clientIp(req.headers));
});
