import { route } from '@/lib/api/route';
import { LEAD_NOT_FOUND_TEXT, setLeadOutcome } from '@/lib/services/inbox';
import { updateLeadSchema } from '@/lib/validation/leads';
import { idParamSchema } from '@/lib/validation/params';

/**
 * What came of reception's call (issue 29): { "contacted": true } as before, or { "outcome", "note" } with
 * 'contacted', 'no-answer', 'booked' or 'not-interested' and a short optional note, or { "outcome": null } to
 * clear it (undo). Who and when are recorded; every outcome but 'no-answer' takes the lead out of the inbox.
 */
export const PATCH = route(
  { access: 'staff', params: idParamSchema, body: updateLeadSchema, notFoundMessage: LEAD_NOT_FOUND_TEXT },
  ({ params, body, user }) => setLeadOutcome(params.id, body, user),
);
