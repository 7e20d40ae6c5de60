import { forbidden } from '@/lib/api/errors';
import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { createTeamMember, listTeamMembers } from '@/lib/services/team';

/**
 * Team members with their QR code, review counts and earnings (any staff); `?archived=true`: those who left
 * (full admins, to restore them).
 */
export const GET = route(team.listMembers, ({ query, user }) => {
  if (query.archived && !user.isFullAdmin) throw forbidden();
  return listTeamMembers(publicOrigin(), { archived: query.archived });
});

/** Add a team member (any staff): a unique TM- code for their QR code. */
export const POST = route(team.createMember, async ({ body }) => createTeamMember(body, publicOrigin()));
