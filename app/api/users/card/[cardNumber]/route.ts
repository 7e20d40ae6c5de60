import { route } from '@/lib/api/route';
import { failCardLookup, getCardholderByNumber } from '@/lib/services/cards';
import { cardNumberParamSchema } from '@/lib/validation/params';

/** The lead form's referrer lookup: the cardholder's name only. A miss counts against the caller's address. */
export const GET = route({ access: 'public', params: cardNumberParamSchema }, async ({ req, params }) => {
  const card =
    (await getCardholderByNumber(params.cardNumber)) ??
    (await failCardLookup(req.headers, 'No referral reward card has that number.'));
  return { firstName: card.firstName, lastName: card.lastName };
});
