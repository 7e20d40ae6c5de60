import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { brandedLinkFor } from '@/lib/services/clients';
import { brandedLinkSchema } from '@/lib/validation/clients';

export const POST = route({ access: 'staff', body: brandedLinkSchema }, async ({ user, body }) => ({
  brandedUrl: await brandedLinkFor(body, { origin: publicOrigin(), isFullAdmin: user.isFullAdmin }),
}));
