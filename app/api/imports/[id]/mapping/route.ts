import { route } from '@/lib/api/route';
import { remap } from '@/lib/contract/imports';
import { remapImport } from '@/lib/services/imports/preview';

/** PUT /api/imports/{id}/mapping (staff): a new mapping; every row checked again. */
export const PUT = route(remap, async ({ params, body, user }) =>
  remapImport(params.id, body.mapping, user.email),
);
