import 'server-only';
import { clientIp } from '@/lib/api/client-ip';
import { tooManyRequests } from '@/lib/api/errors';
import { recordEvent, retryAfterSeconds } from './rate-limit';

const HOUR_MS = 60 * 60 * 1000;
export const PUBLIC_RATE_LIMIT_TEXT = 'Too many requests from this address. Please try again later.';

/**
 * Counts one public call against a per-address hourly limit, refusing it (429) when the address has used it up.
 * `TRACKING_RATE_LIMIT_PER_HOUR` sets the review page's limit (default 120).
 */
export async function limitPublicCall(name: string, headers: Headers, perHour: number): Promise<void> {
  const key = `${name}:ip:${clientIp(headers)}`;
  const wait = await retryAfterSeconds([{ key, max: perHour, windowMs: HOUR_MS }]);
  if (wait > 0) throw tooManyRequests(PUBLIC_RATE_LIMIT_TEXT, wait);
  await recordEvent([key]);
}

export function trackingRateLimitPerHour(): number {
  const value = Number(process.env.TRACKING_RATE_LIMIT_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 120;
}

/**
 * A public card lookup that found nothing (card page, card API, card-number routes, QR, wallet pass, manifest):
 * counted against the caller's address, and refused (429) once the address has used up its failures for the
 * hour. Lookups that find a card are never counted or checked, so a card scanned all day stays fast, even
 * from an address that has been guessing. `CARD_LOOKUP_FAILURES_PER_HOUR` sets the limit (default 30).
 */
export function countFailedCardLookup(headers: Headers): Promise<void> {
  return limitPublicCall('card-lookup', headers, cardLookupFailuresPerHour());
}

/** Seconds until the caller's address may look cards up again after too many failures (0: it may now). */
export function cardLookupRetryAfter(headers: Headers): Promise<number> {
  const key = `card-lookup:ip:${clientIp(headers)}`;
  return retryAfterSeconds([{ key, max: cardLookupFailuresPerHour(), windowMs: HOUR_MS }]);
}

export function cardLookupFailuresPerHour(): number {
  const value = Number(process.env.CARD_LOOKUP_FAILURES_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 30;
}
