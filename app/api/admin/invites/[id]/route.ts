import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { revokeInvite } from '@/lib/contract/invites';
import { revokeInvite as revoke } from '@/lib/services/account/invites';

export const DELETE = route(revokeInvite, ({ params, user, req }) =>
  revoke(user, params.id, clientIp(req.headers)),
);
