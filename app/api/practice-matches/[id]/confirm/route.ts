import { route } from '@/lib/api/route';
import * as practice from '@/lib/contract/practice';
import { confirmMatch } from '@/lib/services/practice/decide';
import { getMatchDto } from '@/lib/services/practice/list';

/** Confirms a proposal: Story Started on the record's day, audited with who confirmed it. */
export const POST = route(practice.confirmMatch, async ({ params, user }) => {
  await confirmMatch(params.id, user);
  return getMatchDto(params.id);
});
