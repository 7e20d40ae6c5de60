import { route } from '@/lib/api/route';
import { LEAD_NOT_FOUND_TEXT, markLeadContacted } from '@/lib/services/inbox';
import { updateLeadSchema } from '@/lib/validation/leads';
import { idParamSchema } from '@/lib/validation/params';

/** { "contacted": true }: the friend was contacted (who and when recorded); the lead leaves the inbox. */
export const PATCH = route(
  { access: 'staff', params: idParamSchema, body: updateLeadSchema, notFoundMessage: LEAD_NOT_FOUND_TEXT },
  ({ params, user }) => markLeadContacted(params.id, user),
);
