import { route } from '@/lib/api/route';
import { registrationOptions } from '@/lib/contract/passkeys';
import { registrationOptions as optionsFor } from '@/lib/services/account/passkeys';

export const POST = route(registrationOptions, ({ req, user }) => optionsFor(req, user));
