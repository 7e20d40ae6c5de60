import { jsonDownload } from '@/lib/api/download';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { exportClient } from '@/lib/services/privacy';

/** Everything held about one client, as a JSON download (full admins: a subject access request). */
export const GET = route(clients.exportClient, async ({ params }) =>
  jsonDownload(await exportClient(params.id), `client-${params.id}.json`),
);
