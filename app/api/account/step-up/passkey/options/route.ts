import { route } from '@/lib/api/route';
import { stepUpOptions } from '@/lib/contract/passkeys';
import { stepUpOptions as optionsFor } from '@/lib/services/account/passkeys';

export const POST = route(stepUpOptions, ({ req, user }) => optionsFor(req, user));
