import { conflict } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import * as dentally from '@/lib/contract/dentally';
import { requestDentallySync } from '@/lib/jobs/dentally';
import { isDentallyConnected } from '@/lib/services/practice/dentally-sync';

/** Full admins: "Sync now" starts a sync in the background and answers at once. */
export const POST = route(dentally.sync, async () => {
  if (!(await isDentallyConnected())) throw conflict(dentally.NOT_CONNECTED_TEXT);
  requestDentallySync();
  return { message: 'Sync started.' };
});
