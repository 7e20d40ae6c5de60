import { pagedJson, route } from '@/lib/api/route';
import * as practice from '@/lib/contract/practice';
import { listMatches } from '@/lib/services/practice/list';

/** Proposals from the practice's records, by status (proposed by default), newest first, paged. */
export const GET = route(practice.listMatches, async ({ query }) => pagedJson(await listMatches(query)));
