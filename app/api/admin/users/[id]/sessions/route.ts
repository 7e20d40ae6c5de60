import { route } from '@/lib/api/route';
import { signOutEverywhere } from '@/lib/services/staff';
import { idParamSchema } from '@/lib/validation/staff';

/** "Sign out everywhere": ends every session of the account; its next request answers 401. */
export const DELETE = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That staff account does not exist.' },
  async ({ params }) => {
    const { revokedSessions } = await signOutEverywhere(params.id);
    return {
      message: `Signed out of ${revokedSessions} session${revokedSessions === 1 ? '' : 's'}.`,
      revokedSessions,
    };
  },
);
