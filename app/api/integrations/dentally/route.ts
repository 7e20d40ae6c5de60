import { route } from '@/lib/api/route';
import * as dentally from '@/lib/contract/dentally';
import { toDentallyStateDto } from '@/lib/dto/dentally';
import { requestDentallySync } from '@/lib/jobs/dentally';
import {
  dentallyState,
  removeDentallyConnection,
  saveDentallyConnection,
} from '@/lib/services/practice/dentally-sync';

/** Full admins: the connection and the last sync (the token never, only its last four characters). */
export const GET = route(dentally.get, async () => toDentallyStateDto(await dentallyState()));

/** Full admins: saves the token (encrypted) and the site, and asks for a sync. */
export const PUT = route(dentally.save, async ({ body }) => {
  await saveDentallyConnection(body.token, body.siteId);
  requestDentallySync();
  return toDentallyStateDto(await dentallyState());
});

/** Full admins: disconnects; the practice records already taken stay. */
export const DELETE = route(dentally.remove, async () => {
  await removeDentallyConnection();
  return toDentallyStateDto(await dentallyState());
});
