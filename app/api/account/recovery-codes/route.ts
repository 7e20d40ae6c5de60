import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { newRecoveryCodes } from '@/lib/contract/second-factor';
import { replaceRecoveryCodes } from '@/lib/services/account/totp';

export const POST = route(newRecoveryCodes, async ({ req, user }) =>
  replaceRecoveryCodes(user, clientIp(req.headers)),
);
