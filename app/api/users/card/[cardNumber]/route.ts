import { notFound } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { getCardholderByNumber } from '@/lib/services/cards';
import { cardNumberParamSchema } from '@/lib/validation/params';

/** The lead form's referrer lookup: the cardholder's name only. */
export const GET = route({ access: 'public', params: cardNumberParamSchema }, async ({ params }) => {
  const card = await getCardholderByNumber(params.cardNumber);
  if (!card) throw notFound('No referral reward card has that number.');
  return { firstName: card.firstName, lastName: card.lastName };
});
