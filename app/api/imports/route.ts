import { route } from '@/lib/api/route';
import { list } from '@/lib/contract/imports';
import { listImportDtos } from '@/lib/services/imports/dto';

/** GET /api/imports (staff): the imports, newest first, with their counts. */
export const GET = route(list, async ({ query }) => listImportDtos(query.limit));
