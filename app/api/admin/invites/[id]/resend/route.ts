import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { resendInvite } from '@/lib/contract/invites';
import { resendInvite as resend } from '@/lib/services/account/invites';

export const POST = route(resendInvite, ({ params, user, req }) =>
  resend(user, params.id, clientIp(req.headers)),
);
