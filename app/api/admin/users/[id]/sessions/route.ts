import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { signOutEverywhere as signOutEverywhereEndpoint } from '@/lib/contract/auth';
import { recordSessionsEnded } from '@/lib/services/account/sign-in-record';
import { signOutEverywhere } from '@/lib/services/staff';

/** "Sign out everywhere": ends every session of the account; its next request answers 401. */
export const DELETE = route(signOutEverywhereEndpoint, async ({ req, user, params }) => {
  const { revokedSessions } = await signOutEverywhere(params.id);
  await recordSessionsEnded(user, params.id, clientIp(req.headers), revokedSessions);
  return {
    message: `Signed out of ${revokedSessions} session${revokedSessions === 1 ? '' : 's'}.`,
    revokedSessions,
  };
});
