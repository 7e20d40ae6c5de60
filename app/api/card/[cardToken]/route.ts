import { notFound } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { cachedCardByToken } from '@/lib/services/cards';
import { cardTokenParamSchema } from '@/lib/validation/params';

const NOT_FOUND = 'Referral Reward Card Not Found';

export const GET = route(
  { access: 'public', params: cardTokenParamSchema, notFoundMessage: NOT_FOUND },
  async ({ params }) => {
    const card = await cachedCardByToken(params.cardToken);
    if (!card) throw notFound(NOT_FOUND);
    return card;
  },
);
