import 'server-only';
import { clientIp, limitAddress } from '@/lib/api/client-ip';
import { retryAfterSeconds, takeOrRefuse, type Limit } from './rate-limit';

const HOUR_MS = 60 * 60 * 1000;
export const PUBLIC_RATE_LIMIT_TEXT = 'Too many requests from this address. Please try again later.';

/** A public call's hourly limit, per caller: an IPv4 address, or an IPv6 /64 (client-ip.ts). */
const publicLimit = (name: string, headers: Headers, perHour: number): Limit => ({
  key: `${name}:ip:${limitAddress(clientIp(headers))}`,
  max: perHour,
  windowMs: HOUR_MS,
});

/**
 * Counts one public call against a per-address hourly limit, refusing it (429) when the address has used it up.
 * Counted and checked in one atomic step, so calls sent at once get exactly the limit through (rate-limit.ts).
 * `TRACKING_RATE_LIMIT_PER_HOUR` sets the review page's limit (default 120).
 */
export async function limitPublicCall(name: string, headers: Headers, perHour: number): Promise<void> {
  await takeOrRefuse([publicLimit(name, headers, perHour)], PUBLIC_RATE_LIMIT_TEXT);
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
  return retryAfterSeconds([publicLimit('card-lookup', headers, cardLookupFailuresPerHour())]);
}

export function cardLookupFailuresPerHour(): number {
  const value = Number(process.env.CARD_LOOKUP_FAILURES_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 30;
}
