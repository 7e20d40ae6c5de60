import { clientIp } from '@/lib/api/client-ip';
import { tooManyRequests, unauthorized } from '@/lib/api/errors';
import { json, pagedJson, route } from '@/lib/api/route';
import { leadRateLimitPerHour } from '@/lib/env';
import { LEAD_RATE_LIMIT_TEXT, listLeads, publicLeadResult, recordLead } from '@/lib/services/leads';
import { recordEvent, retryAfterSeconds } from '@/lib/services/rate-limit';
import { createLeadSchema, MANUAL_ENTRY_SOURCE } from '@/lib/validation/leads';
import { leadListQuerySchema } from '@/lib/validation/paging';

const HOUR_MS = 60 * 60 * 1000;

/** Leads newest first, paged (limit, cursor), searchable (q); unmatched=true: card number not found. */
export const GET = route({ access: 'staff', query: leadListQuerySchema }, async ({ query }) =>
  pagedJson(await listLeads(query)),
);

/**
 * The recommendation form's submission (public), and staff adding a referral by hand ('Manual Entry', signed
 * in only). Public submissions are limited per address; staff are not.
 */
export const POST = route(
  { access: 'public', body: createLeadSchema, maxBodyBytes: 8 * 1024 },
  async ({ req, user, body }) => {
    if (body.source === MANUAL_ENTRY_SOURCE && !user) {
      throw unauthorized('You need to sign in to add a referral by hand.');
    }
    const limitKey = user ? null : `leads:ip:${clientIp(req.headers)}`;
    if (limitKey) {
      const wait = await retryAfterSeconds([
        { key: limitKey, max: leadRateLimitPerHour(), windowMs: HOUR_MS },
      ]);
      if (wait > 0) throw tooManyRequests(LEAD_RATE_LIMIT_TEXT, wait);
    }
    const { result, created } = await recordLead(body, { withReferral: user !== null });
    if (limitKey) await recordEvent([limitKey]);
    // Staff see what happened; the public form always gets the same answer (keys and status), which leaks nothing.
    if (!user) return json(publicLeadResult(result), { status: 201 });
    return json(result, { status: created ? 201 : 200 });
  },
);
