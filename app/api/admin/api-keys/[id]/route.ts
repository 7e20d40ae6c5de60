import { route } from '@/lib/api/route';
import * as integrations from '@/lib/contract/integrations';
import { revokeApiKey } from '@/lib/services/api-keys';

/** Revokes a key: calls with it are refused at once. */
export const DELETE = route(integrations.revokeApiKey, ({ params, user }) => revokeApiKey(user, params.id));
