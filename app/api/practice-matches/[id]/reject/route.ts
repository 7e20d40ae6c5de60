import { route } from '@/lib/api/route';
import * as practice from '@/lib/contract/practice';
import { rejectMatch } from '@/lib/services/practice/decide';
import { getMatchDto } from '@/lib/services/practice/list';

/** "Not this person": kept, so the record is never proposed for that referral again. */
export const POST = route(practice.rejectMatch, async ({ params, user }) => {
  await rejectMatch(params.id, user);
  return getMatchDto(params.id);
});
