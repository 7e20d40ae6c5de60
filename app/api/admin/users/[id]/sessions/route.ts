import { route } from '@/lib/api/route';
import { signOutEverywhere as signOutEverywhereEndpoint } from '@/lib/contract/auth';
import { signOutEverywhere } from '@/lib/services/staff';

/** "Sign out everywhere": ends every session of the account; its next request answers 401. */
export const DELETE = route(signOutEverywhereEndpoint, async ({ params }) => {
  const { revokedSessions } = await signOutEverywhere(params.id);
  return {
    message: `Signed out of ${revokedSessions} session${revokedSessions === 1 ? '' : 's'}.`,
    revokedSessions,
  };
});
