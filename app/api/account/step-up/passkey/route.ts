import { route } from '@/lib/api/route';
import { stepUp } from '@/lib/contract/passkeys';
import { stepUpWithPasskey } from '@/lib/services/account/passkeys';

export const POST = route(stepUp, ({ req, user, body }) => stepUpWithPasskey(req, user, body));
