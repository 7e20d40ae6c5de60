import { route } from '@/lib/api/route';
import * as integrations from '@/lib/contract/integrations';
import { createApiKey, listApiKeys } from '@/lib/services/api-keys';

/** The integration API keys (never the keys themselves), newest first. */
export const GET = route(integrations.listApiKeys, () => listApiKeys());

/** A new key, answered once with the key itself. */
export const POST = route(integrations.createApiKey, ({ body, user }) => createApiKey(user, body.name));
