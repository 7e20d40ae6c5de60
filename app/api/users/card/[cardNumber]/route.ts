import { route } from '@/lib/api/route';
import { cardholder } from '@/lib/contract/public';
import { failCardLookup, getCardholderByNumber } from '@/lib/services/cards';

/** The lead form's referrer lookup: the cardholder's name only. A miss counts against the caller's address. */
export const GET = route(cardholder, async ({ req, params }) => {
  const card =
    (await getCardholderByNumber(params.cardNumber)) ??
    (await failCardLookup(req.headers, 'No referral reward card has that number.'));
  return { firstName: card.firstName, lastName: card.lastName };
});
