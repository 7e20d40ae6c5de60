import { route } from '@/lib/api/route';
import * as imports from '@/lib/contract/imports';
import { startImport } from '@/lib/services/imports/run';

/** Runs a previewed import (or resumes a failed one) as a job: 202 with the import, now running. */
export const POST = route(imports.start, async ({ params, body, user }) =>
  startImport(params.id, body, user),
);
