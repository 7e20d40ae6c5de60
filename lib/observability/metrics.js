// @ts-check
// The app's Prometheus metrics (issue 32 point 4), one set per process. scripts/server.js counts every request
// here before Next sees it; the /metrics route (app/metrics/route.ts) fills the gauges read at scrape time
// (lib/observability/scrape.ts) and writes the registry out. prom-client is in next.config.js's
// serverExternalPackages, so both load the same module, and the registry also lives on globalThis, so even a
// second copy of this file (the route's bundle) finds the one the server filled.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: scripts/server.js loads it unbuilt
const client = require('prom-client');

const KEY = Symbol.for('smile-referrals.metrics');
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: 5 ms up to 10 s, around what a page or an API call takes. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const metrics = {
    registry,
    requests: new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    poolConnections: new client.Gauge({
      name: 'db_pool_connections',
      help: "Connections the app's database pool holds (in use and idle).",
      registers: [registry],
    }),
    poolIdle: new client.Gauge({
      name: 'db_pool_idle_connections',
      help: "Idle connections in the app's database pool.",
      registers: [registry],
    }),
    poolWaiting: new client.Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free connection from the pool.',
      registers: [registry],
    }),
    poolMax: new client.Gauge({
      name: 'db_pool_max_connections',
      help: "The pool's size (DATABASE_POOL_SIZE).",
      registers: [registry],
    }),
    jobQueueRunning: new client.Gauge({
      name: 'job_queue_running',
      help: '1 when this process runs the job queue (pg-boss), else 0.',
      registers: [registry],
    }),
    jobQueueDepth: new client.Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting to run (created or to retry), by queue.',
      labelNames: ['queue'],
      registers: [registry],
    }),
    messages: new client.Gauge({
      name: 'outbox_messages',
      help: 'Messages (emails) in the outbox, by status.',
      labelNames: ['status'],
      registers: [registry],
    }),
    backupAge: new client.Gauge({
      name: 'backup_last_success_age_seconds',
      help: 'Seconds since the last successful backup finished; +Inf when there has been none.',
      registers: [registry],
    }),
    backupFailed: new client.Gauge({
      name: 'backup_last_run_failed',
      help: 'Whether the last backup that finished failed: 1 if so, else 0.',
      registers: [registry],
    }),
  };
  return metrics;
}

/** @typedef {ReturnType<typeof create>} AppMetrics */

/** @returns {AppMetrics} */
function appMetrics() {
  const holder = /** @type {Record<symbol, AppMetrics | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[KEY] ??= create());
}

/**
 * Counts one answered request.
 * @param {{ method?: string, route: string, status: number, seconds: number }} request
 */
function recordRequest({ method, route, status, seconds }) {
  const m = appMetrics();
  const verb = method && METHODS.has(method) ? method : 'OTHER';
  m.requests.inc({ method: verb, route, status: String(status) });
  m.duration.observe({ method: verb, route }, seconds);
}

module.exports = { appMetrics, recordRequest, DURATION_BUCKETS };
