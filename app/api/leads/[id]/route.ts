import { route } from '@/lib/api/route';
import * as leads from '@/lib/contract/leads';
import { setLeadOutcome } from '@/lib/services/inbox';

/**
 * What came of reception's call (issue 29): { "contacted": true } as before, or { "outcome", "note" } with
 * 'contacted', 'no-answer', 'booked' or 'not-interested' and a short optional note, or { "outcome": null } to
 * clear it (undo). Who and when are recorded; every outcome but 'no-answer' takes the lead out of the inbox.
 */
export const PATCH = route(leads.update, ({ params, body, user }) => setLeadOutcome(params.id, body, user));
