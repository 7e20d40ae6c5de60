import { route } from '@/lib/api/route';
import { deleteTeamMember, MEMBER_NOT_FOUND_TEXT } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';

/** Hides the member and stops their QR code; their reviews and bonuses stay on record (full admins). */
export const DELETE = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: MEMBER_NOT_FOUND_TEXT },
  async ({ params, user }) => {
    await deleteTeamMember(params.id, user);
    return null;
  },
);
