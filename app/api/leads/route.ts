import { unauthorized } from '@/lib/api/errors';
import { json, pagedJson, route } from '@/lib/api/route';
import * as leads from '@/lib/contract/leads';
import { listLeads, recordLead } from '@/lib/services/leads';
import { recordPublicLead } from '@/lib/services/public-lead';
import { MANUAL_ENTRY_SOURCE } from '@/lib/validation/leads';

/**
 * Leads newest first, paged (limit, cursor), searchable (q); unmatched=true: leads without a referrer that named
 * one (a card number not found, or a name typed in 'Who recommended you?'), for staff to match.
 */
export const GET = route(leads.list, async ({ query }) => pagedJson(await listLeads(query)));

/**
 * The recommendation form's submission (public), and staff adding a referral by hand ('Manual Entry', signed
 * in only). Public submissions are limited per address; staff are not.
 */
export const POST = route(leads.create, async ({ req, user, body }) => {
  if (body.source === MANUAL_ENTRY_SOURCE && !user) {
    throw unauthorized('You need to sign in to add a referral by hand.');
  }
  // The public form always gets the same answer (keys and status), which leaks nothing; staff see what happened.
  if (!user) return json(await recordPublicLead(body, req.headers), { status: 201 });
  const { result, created } = await recordLead(body, { withReferral: true });
  return json(result, { status: created ? 201 : 200 });
});
