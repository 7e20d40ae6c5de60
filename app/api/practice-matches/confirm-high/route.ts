import { route } from '@/lib/api/route';
import * as practice from '@/lib/contract/practice';
import { confirmHighMatches } from '@/lib/services/practice/decide';

/** Full admins: every high-confidence proposal whose referral is still open is confirmed. */
export const POST = route(practice.confirmHigh, async ({ user }) => ({
  confirmed: await confirmHighMatches(user),
}));
