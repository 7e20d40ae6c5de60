import { publicOrigin } from '@/lib/api/origin';
import { pagedJson, route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { listClients } from '@/lib/services/clients';
import { seesBankDetails } from '@/lib/auth/money-guard';

/**
 * Clients, paged (limit, cursor), searchable (q), sorted (sort, dir; newest first by default) and filtered
 * (owed, bacsMissing, noReferrals, affiliate); X-Total-Count and X-Next-Cursor.
 */
export const GET = route(clients.list, async ({ user, query }) =>
  pagedJson(
    await listClients(
      { ...query, withReferrals: query.referrals },
      { origin: publicOrigin(), isFullAdmin: seesBankDetails(user) },
    ),
  ),
);
