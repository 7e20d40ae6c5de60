import { route } from '@/lib/api/route';
import { card } from '@/lib/contract/public';
import { failCardLookup, getCardByToken } from '@/lib/services/cards';

/** A card that exists is answered uncounted, read fresh from the database; a miss counts against the caller's address. */
export const GET = route(
  card,
  async ({ req, params }) =>
    (await getCardByToken(params.cardToken)) ?? failCardLookup(req.headers, card.notFoundMessage),
);
