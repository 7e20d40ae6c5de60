/**
 * The operations endpoints' declarations (issue 32): readiness for load balancers and monitoring. Liveness
 * (GET /api/health) is declared with the public pages' endpoints (lib/contract/public.ts). GET /metrics is not
 * an API endpoint (Prometheus text, outside /api, behind METRICS_TOKEN): app/metrics/route.ts, README "Health and
 * metrics".
 */
import { readinessSchema } from '@/lib/dto/operations';
import { endpoint } from './endpoint';

export const ready = endpoint({
  method: 'GET',
  path: '/api/ready',
  access: 'public',
  tag: 'Operations',
  summary: 'Readiness: this instance can do its work (database, migrations, job queue).',
  description:
    'The database answers within 5 seconds, every migration the app ships is applied (and none it does not ' +
    'know), and the job queue runs in this instance (or is turned off with JOBS_DISABLED=1). 200 with each ' +
    'check when all hold; 503 with the same checks and what is wrong, in words, otherwise. Nothing personal; ' +
    'not rate-limited, and calls made at the same time share one check.',
  response: readinessSchema,
  errors: {
    503: 'Not ready: `problems` says what is wrong (the body has the same shape as the 200 answer).',
  },
});
