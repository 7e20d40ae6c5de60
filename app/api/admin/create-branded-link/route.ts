import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { brandedLinkFor } from '@/lib/services/clients';
import { seesBankDetails } from '@/lib/auth/money-guard';

export const POST = route(clients.brandedLink, async ({ user, body }) => ({
  brandedUrl: await brandedLinkFor(body, { origin: publicOrigin(), isFullAdmin: seesBankDetails(user) }),
}));
