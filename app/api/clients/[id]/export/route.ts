import { jsonDownload } from '@/lib/api/download';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { exportClient } from '@/lib/services/privacy';
import { requireSecondFactor } from '@/lib/auth/money-guard';

/** Everything held about one client, as a JSON download (full admins: a subject access request). */
export const GET = route(clients.exportClient, async ({ params, user }) => {
  // Everything held includes the bank details (issue 31).
  requireSecondFactor(user);
  return jsonDownload(await exportClient(params.id), `client-${params.id}.json`);
});
