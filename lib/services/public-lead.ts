import 'server-only';
import { clientIp } from '@/lib/api/client-ip';
import { tooManyRequests } from '@/lib/api/errors';
import type { PublicLeadResult } from '@/lib/dto/referrals';
import { leadRateLimitPerHour } from '@/lib/env';
import type { CreateLead } from '@/lib/validation/leads';
import { LEAD_RATE_LIMIT_TEXT, publicLeadResult, recordLead } from './leads';
import { pruneEventsNow, retryAfterSeconds } from './rate-limit';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A lead from the public recommendation form, whichever way it came (the form's server action, or
 * POST /api/leads without a session): limited per real address (429 once the hour's allowance is used), then
 * recorded. The answer is the same for every accepted lead, so it says nothing about anyone's data.
 */
export async function recordPublicLead(input: CreateLead, headers: Headers): Promise<PublicLeadResult> {
  const limitKey = `leads:ip:${clientIp(headers)}`;
  const wait = await retryAfterSeconds([{ key: limitKey, max: leadRateLimitPerHour(), windowMs: HOUR_MS }]);
  if (wait > 0) throw tooManyRequests(LEAD_RATE_LIMIT_TEXT, wait);
  // The lead and the event that counts it commit together (issue 19: one commit per lead, not two).
  const { result } = await recordLead(input, { withReferral: false, countAs: limitKey });
  pruneEventsNow();
  return publicLeadResult(result);
}
