import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { remove, rename } from '@/lib/contract/passkeys';
import { removePasskey, renamePasskey } from '@/lib/services/account/passkeys';

export const PATCH = route(rename, ({ user, params, body }) => renamePasskey(user.id, params.id, body.name));

export const DELETE = route(remove, ({ req, user, params }) =>
  removePasskey(user, params.id, clientIp(req.headers)),
);
