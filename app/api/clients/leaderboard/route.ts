import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { clientLeaderboard } from '@/lib/services/clients';
import { seesBankDetails } from '@/lib/auth/money-guard';

/** The clients with the most referrals, from the count the database keeps (no counting of referrals). */
export const GET = route(clients.leaderboard, ({ user }) =>
  clientLeaderboard({ origin: publicOrigin(), isFullAdmin: seesBankDetails(user) }),
);
