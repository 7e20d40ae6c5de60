import { route } from '@/lib/api/route';
import { login } from '@/lib/contract/passkeys';
import { loginWithPasskey } from '@/lib/services/account/passkeys';

export const POST = route(login, ({ req, body }) => loginWithPasskey(req, body));
