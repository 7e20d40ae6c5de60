import { json, route } from '@/lib/api/route';
import { createTeamReview, teamBonusMonth } from '@/lib/services/team';
import { createTeamReviewSchema, teamMonthQuerySchema } from '@/lib/validation/team';

/** The month's reviews per member with bonuses owed and paid (full admins). */
export const GET = route({ access: 'admin', query: teamMonthQuerySchema }, ({ query }) =>
  teamBonusMonth(query.year, query.month),
);

/** Add a verified review by hand, with its link (full admins); 409 for a review already credited. */
export const POST = route({ access: 'admin', body: createTeamReviewSchema }, async ({ body, user }) =>
  json(await createTeamReview(body, user), { status: 201 }),
);
