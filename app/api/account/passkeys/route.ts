import { route } from '@/lib/api/route';
import { add, list } from '@/lib/contract/passkeys';
import { addPasskey, listPasskeys } from '@/lib/services/account/passkeys';

export const GET = route(list, ({ user }) => listPasskeys(user.id));

export const POST = route(add, ({ req, user, body }) => addPasskey(req, user, body));
