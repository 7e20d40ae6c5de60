import { publicOrigin } from '@/lib/api/origin';
import { pagedJson, route } from '@/lib/api/route';
import { listClients } from '@/lib/services/clients';
import { clientListQuerySchema } from '@/lib/validation/paging';

/** Clients newest first, paged (limit, cursor) and searchable (q); X-Total-Count and X-Next-Cursor. */
export const GET = route({ access: 'staff', query: clientListQuerySchema }, async ({ user, query }) =>
  pagedJson(
    await listClients(
      { q: query.q, cursor: query.cursor, limit: query.limit, withReferrals: query.referrals },
      { origin: publicOrigin(), isFullAdmin: user.isFullAdmin },
    ),
  ),
);
