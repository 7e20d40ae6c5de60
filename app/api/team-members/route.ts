import { publicOrigin } from '@/lib/api/origin';
import { json, route } from '@/lib/api/route';
import { createTeamMember, listTeamMembers } from '@/lib/services/team';
import { createTeamMemberSchema } from '@/lib/validation/team';

/** Team members with their QR code, review counts and earnings (any staff). */
export const GET = route({ access: 'staff' }, () => listTeamMembers(publicOrigin()));

/** Add a team member (any staff): a unique TM- code for their QR code. */
export const POST = route({ access: 'staff', body: createTeamMemberSchema }, async ({ body }) =>
  json(await createTeamMember(body, publicOrigin()), { status: 201 }),
);
