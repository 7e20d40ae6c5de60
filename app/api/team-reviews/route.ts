import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { createTeamReview, teamBonusMonth } from '@/lib/services/team';

/** The month's reviews per member with bonuses owed and paid (full admins). */
export const GET = route(team.bonusMonth, ({ query }) => teamBonusMonth(query.year, query.month));

/** Add a verified review by hand, with its link (full admins); 409 for a review already credited. */
export const POST = route(team.createReview, async ({ body, user }) => createTeamReview(body, user));
