import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { signOutEverywhere as signOutEverywhereEndpoint } from '@/lib/contract/auth';
import { signOutEverywhere } from '@/lib/services/staff';

/** "Sign out everywhere": ends every session of the account (audited with it); its next request answers 401. */
export const DELETE = route(signOutEverywhereEndpoint, async ({ req, user, params }) => {
  const { revokedSessions } = await signOutEverywhere(params.id, user, clientIp(req.headers));
  return {
    message: `Signed out of ${revokedSessions} session${revokedSessions === 1 ? '' : 's'}.`,
    revokedSessions,
  };
});
