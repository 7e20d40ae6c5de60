import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { archiveTeamMember, updateTeamMember } from '@/lib/services/team';

/**
 * Archives the member who left (full admins): out of the active lists, their QR code counts no new visits;
 * their reviews and bonuses stay on record, every month as it was.
 */
export const DELETE = route(team.archiveMember, async ({ params, user }) => {
  await archiveTeamMember(params.id, user);
  return null;
});

/** Correct a member's name, archive (`archived: true`) or restore (`archived: false`) them (full admins). */
export const PATCH = route(team.updateMember, ({ params, body, user }) =>
  updateTeamMember(params.id, body, user, publicOrigin()),
);
