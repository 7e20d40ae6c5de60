import { route } from '@/lib/api/route';
import { cachedCardByToken, failCardLookup } from '@/lib/services/cards';
import { cardTokenParamSchema } from '@/lib/validation/params';

const NOT_FOUND = 'Referral Reward Card Not Found';

/** A card that exists comes from Next's cache, uncounted; a miss counts against the caller's address. */
export const GET = route(
  { access: 'public', params: cardTokenParamSchema, notFoundMessage: NOT_FOUND },
  async ({ req, params }) =>
    (await cachedCardByToken(params.cardToken)) ?? failCardLookup(req.headers, NOT_FOUND),
);
