/**
 * Liveness for load balancers and process managers: answers without touching the database, so it says only
 * that this instance serves requests. It is also the benchmark's ceiling for Next's own route handling.
 */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
