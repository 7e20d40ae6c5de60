import { route } from '@/lib/api/route';
import * as imports from '@/lib/contract/imports';
import { cancelImport } from '@/lib/services/imports/run';

/** Cancels a previewed or running import: the batch in hand finishes, no more are written. */
export const POST = route(imports.cancel, async ({ params, user }) => cancelImport(params.id, user));
