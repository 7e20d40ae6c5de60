import { createHash, timingSafeEqual } from 'node:crypto';
import { refreshScrapedMetrics } from '@/lib/observability/scrape';
import { appMetrics } from '@/lib/observability/metrics.js';

/**
 * GET /metrics: Prometheus's text format (issue 32 point 4), for a monitoring server that sends
 * `Authorization: Bearer $METRICS_TOKEN`. Not an API endpoint (no JSON, outside /api, so not in lib/contract):
 * without METRICS_TOKEN set there is no such page (404); a missing or wrong token is 401. The answer holds
 * counts only: routes by their pattern (/card/[cardToken]), never an address, a token or anything personal.
 */
export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Equal or not, in time that does not depend on where they differ (both hashed to the same length first). */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function GET(req: Request): Promise<Response> {
  const expected = process.env.METRICS_TOKEN?.trim();
  if (!expected) {
    return new Response('Not Found', {
      status: 404,
      headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  if (!match || !sameToken(match[1]!, expected)) {
    return new Response('Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.\n', {
      status: 401,
      headers: {
        ...NO_STORE,
        'Content-Type': 'text/plain; charset=utf-8',
        'WWW-Authenticate': 'Bearer realm="metrics"',
      },
    });
  }
  await refreshScrapedMetrics();
  const { registry } = appMetrics();
  return new Response(await registry.metrics(), {
    headers: { ...NO_STORE, 'Content-Type': registry.contentType },
  });
}
