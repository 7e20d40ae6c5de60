import { jsonDownload } from '@/lib/api/download';
import { route } from '@/lib/api/route';
import { exportClient } from '@/lib/services/privacy';
import { idParamSchema } from '@/lib/validation/params';

/** Everything held about one client, as a JSON download (full admins: a subject access request). */
export const GET = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That client does not exist.' },
  async ({ params }) => jsonDownload(await exportClient(params.id), `client-${params.id}.json`),
);
