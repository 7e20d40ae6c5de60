import 'server-only';
import { clientIp, limitAddress } from '@/lib/api/client-ip';
import { tooManyRequests } from '@/lib/api/errors';
import type { PublicLeadResult } from '@/lib/dto/referrals';
import { leadAnswerMinMs, leadRateLimitPerHour } from '@/lib/env';
import type { CreateLead } from '@/lib/validation/leads';
import { leadPace } from './lead-pace';
import { LEAD_RATE_LIMIT_TEXT, publicLeadResult, recordLead } from './leads';
import { pruneEventsNow, retryAfterSeconds } from './rate-limit';
import { typedCardNumber } from '@/lib/validation/typed-referrer';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A lead from the public recommendation form, whichever way it came (the form's server action, or
 * POST /api/leads without a session): limited per real address (429 once the hour's allowance is used), then
 * recorded. The answer is the same for every accepted lead, so it says nothing about anyone's data: the same
 * keys and status, ids that name no earlier lead (publicLeadResult), and the same time, since no accepted
 * lead is answered before LEAD_ANSWER_MIN_MS has passed, nor sooner than the slowest recent lead took to record
 * (lead-pace.ts: a new lead's writes take longer than a repeat's, the more so the busier the machine).
 */
export async function recordPublicLead(input: CreateLead, headers: Headers): Promise<PublicLeadResult> {
  const started = Date.now();
  const limit = {
    key: `leads:ip:${limitAddress(clientIp(headers))}`,
    max: leadRateLimitPerHour(),
    windowMs: HOUR_MS,
  };
  // A quick refusal once the hour is used up; the decision itself is the atomic count in the lead's transaction.
  const wait = await retryAfterSeconds([limit]);
  if (wait > 0) throw tooManyRequests(LEAD_RATE_LIMIT_TEXT, wait);
  // The lead and the event that counts it commit together (issue 19: one commit per lead, not two), the event
  // counted and recorded in one atomic step, so posts sent at once get exactly the limit through (issue 28).
  const { result } = await recordLead(withTypedCardNumber(input), { withReferral: false, countAs: limit });
  pruneEventsNow();
  leadPace.note(Date.now() - started);
  const early = started + leadPace.minimumMs(leadAnswerMinMs()) - Date.now();
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
  return publicLeadResult(result);
}

/**
 * 'Who recommended you?' holding a card number (issue 29, point 4) counts as the link's would: it attaches the
 * referrer when it matches and is kept for staff when it does not. The form's action reads it so already; this
 * holds POST /api/leads to the same rule. The answer is the same whichever happens (publicLeadResult).
 */
function withTypedCardNumber(input: CreateLead): CreateLead {
  if (input.referrerId || !input.recommendedBy) return input;
  const cardNumber = typedCardNumber(input.recommendedBy);
  return cardNumber ? { ...input, referrerId: cardNumber, recommendedBy: null } : input;
}
