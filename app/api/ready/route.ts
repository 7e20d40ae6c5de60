import { route } from '@/lib/api/route';
import { ready } from '@/lib/contract/operations';
import { readiness } from '@/lib/observability/ready';

/** Readiness for load balancers and monitoring (issue 32): 200 when ready, 503 saying what is wrong. */
export const GET = route(ready, async () => {
  const answer = await readiness();
  if (answer.ready) return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } });
  return Response.json(answer, { status: 503, headers: { 'Cache-Control': 'no-store' } });
});
