import { route } from '@/lib/api/route';
import { loginOptions } from '@/lib/contract/passkeys';
import { loginOptions as optionsFor } from '@/lib/services/account/passkeys';

export const POST = route(loginOptions, ({ req }) => optionsFor(req));
