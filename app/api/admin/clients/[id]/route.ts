import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { updateClient } from '@/lib/services/clients';
import { seesBankDetails } from '@/lib/auth/money-guard';

export const PATCH = route(clients.update, ({ user, params, body }) =>
  updateClient(params.id, body, { origin: publicOrigin(), isFullAdmin: seesBankDetails(user) }, user),
);
