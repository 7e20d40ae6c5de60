import { route } from '@/lib/api/route';
import { get } from '@/lib/contract/imports';
import { getImportDto } from '@/lib/services/imports/dto';

/** GET /api/imports/{id} (staff): the preview, the progress while it runs, the results. */
export const GET = route(get, async ({ params }) => getImportDto(params.id));
