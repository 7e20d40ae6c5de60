import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { archiveTeamMember, MEMBER_NOT_FOUND_TEXT, updateTeamMember } from '@/lib/services/team';
import { idParamSchema } from '@/lib/validation/params';
import { updateTeamMemberSchema } from '@/lib/validation/team';

const options = { access: 'admin' as const, params: idParamSchema, notFoundMessage: MEMBER_NOT_FOUND_TEXT };

/**
 * Archives the member who left (full admins): out of the active lists, their QR code counts no new visits;
 * their reviews and bonuses stay on record, every month as it was.
 */
export const DELETE = route(options, async ({ params, user }) => {
  await archiveTeamMember(params.id, user);
  return null;
});

/** Correct a member's name, archive (`archived: true`) or restore (`archived: false`) them (full admins). */
export const PATCH = route({ ...options, body: updateTeamMemberSchema }, ({ params, body, user }) =>
  updateTeamMember(params.id, body, user, publicOrigin()),
);
