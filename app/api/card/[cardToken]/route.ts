import { route } from '@/lib/api/route';
import { card } from '@/lib/contract/public';
import { cachedCardByToken, failCardLookup } from '@/lib/services/cards';

/** A card that exists comes from Next's cache, uncounted; a miss counts against the caller's address. */
export const GET = route(
  card,
  async ({ req, params }) =>
    (await cachedCardByToken(params.cardToken)) ?? failCardLookup(req.headers, card.notFoundMessage),
);
