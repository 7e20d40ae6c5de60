import { route } from '@/lib/api/route';
import { deleteTeamMember, MEMBER_NOT_FOUND_TEXT } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';

/** Permanent, with the member's review history (full admins). */
export const DELETE = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: MEMBER_NOT_FOUND_TEXT },
  async ({ params }) => {
    await deleteTeamMember(params.id);
    return null;
  },
);
