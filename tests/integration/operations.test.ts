/**
 * Issue 32, point 4: readiness, metrics and logs.
 *
 * - GET /api/ready: 200 on a migrated database with the job queue running; 503 saying what is wrong, in words,
 *   when the queue is not running (never started, or stopped), when a migration is missing from the database
 *   (a row removed), when the app ships a migration the database lacks or the database has one the app does
 *   not know (a migrations folder with an extra or a missing folder), and when the database does not answer.
 * - GET /metrics: 404 without METRICS_TOKEN (as if there were no such page), 401 with no or a wrong token,
 *   200 with it: Prometheus text holding every named family, route labels as patterns, no token in them.
 * - The log: every line written while flows that carry personal data run (a lead from the public form, a wrong
 *   password, bank details, a message refused by a mail server that names its recipient, card lookups) is read,
 *   and none holds those names, emails, phone numbers, bank details or tokens.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { POST as bankDetailsRoute } from '@/app/api/bank-details/[token]/route';
import { GET as cardRoute } from '@/app/api/card/[cardToken]/route';
import { POST as leadsRoute } from '@/app/api/leads/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { GET as readyRoute } from '@/app/api/ready/route';
import { GET as metricsRoute } from '@/app/metrics/route';
import { register } from '@/instrumentation';
import { closeBackupStatus } from '@/lib/backup/runs';
import { db, disconnectDb } from '@/lib/db';
import { requestLog, setLogDestination } from '@/lib/log';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { jobQueueState, resetJobQueueState } from '@/lib/observability/jobs-state';
import { recordRequest } from '@/lib/observability/metrics.js';
import { compareMigrations, readiness, shippedMigrations } from '@/lib/observability/ready';
import { routeLabel, routeTable } from '@/lib/observability/route-label.js';
import { setUpTestDatabase } from '../support/db';
import { fixtureBankDetailsLink, fixtureClient, fixtureMessage, uniqueIp } from '../support/fixtures';
import { call, makeStaff } from '../support/http';

setUpTestDatabase();
jest.setTimeout(60_000);

const TOKEN = 'a-metrics-token-for-the-tests-0123456789';

async function ready() {
  return call(readyRoute as never, { path: '/api/ready' });
}

describe('GET /api/ready', () => {
  // The pool's first connection is made here, not inside the first check's time limit.
  beforeAll(() => db.$queryRaw`SELECT 1`);
  afterEach(() => resetJobQueueState());

  it('503 when the job queue was never started in this process, saying so; the database checks pass', async () => {
    const res = await ready();
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.ready).toBe(false);
    expect(res.body.checks.database).toEqual({ ok: true, detail: 'reachable' });
    const count = shippedMigrations().length;
    expect(res.body.checks.migrations).toEqual({ ok: true, detail: `${count} of ${count} applied` });
    expect(res.body.checks.jobQueue.ok).toBe(false);
    expect(res.body.problems).toEqual([
      'The job queue is not running (not started in this process): emails, backups and scheduled jobs wait.',
    ]);
  });

  it('200 with the queue started as the server starts it (instrumentation.ts), then 503 once it stopped', async () => {
    const env = { runtime: process.env.NEXT_RUNTIME, smtp: process.env.SMTP_URL };
    process.env.NEXT_RUNTIME = 'nodejs';
    delete process.env.SMTP_URL;
    try {
      await register();
      expect(jobQueueState().status).toBe('running');
      const res = await ready();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ready: true, problems: [] });
      expect(res.body.checks.jobQueue).toEqual({ ok: true, detail: 'running' });

      // While it runs, /metrics counts its queues.
      process.env.METRICS_TOKEN = TOKEN;
      const metrics = await call(metricsRoute as never, {
        path: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.body).toMatch(/^job_queue_running 1$/m);
      expect(metrics.body).toMatch(/^job_queue_depth\{queue="messages"\} \d+$/m);

      await jobQueueState().boss!.stop({ graceful: false, wait: true });
      const after = await ready();
      expect(after.status).toBe(503);
      expect(after.body.problems).toEqual([
        'The job queue is not running (stopped): emails, backups and scheduled jobs wait.',
      ]);
    } finally {
      await jobQueueState().boss?.stop({ graceful: false, wait: true });
      if (env.runtime === undefined) delete process.env.NEXT_RUNTIME;
      else process.env.NEXT_RUNTIME = env.runtime;
      if (env.smtp !== undefined) process.env.SMTP_URL = env.smtp;
      delete process.env.METRICS_TOKEN;
    }
  });

  it('JOBS_DISABLED=1: the queue is off on purpose, and the instance is ready', async () => {
    process.env.NEXT_RUNTIME = 'nodejs';
    process.env.JOBS_DISABLED = '1';
    try {
      await register();
      const res = await ready();
      expect(res.status).toBe(200);
      expect(res.body.checks.jobQueue).toEqual({
        ok: true,
        detail: 'turned off on purpose (JOBS_DISABLED=1)',
      });
    } finally {
      delete process.env.NEXT_RUNTIME;
      delete process.env.JOBS_DISABLED;
    }
  });

  it('503 naming the migration when one the app ships is missing from the database', async () => {
    const last = shippedMigrations().at(-1)!;
    const [row] = await db.$queryRaw<Record<string, unknown>[]>`
      SELECT * FROM "_prisma_migrations" WHERE "migration_name" = ${last}`;
    await db.$executeRaw`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ${last}`;
    try {
      process.env.JOBS_DISABLED = '1';
      process.env.NEXT_RUNTIME = 'nodejs';
      await register(); // the queue is not the problem here
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.checks.migrations.ok).toBe(false);
      expect(res.body.problems).toEqual([
        `Migrations: 1 not applied (${last}): run \`npm run db:migrate\` or restart with \`npm start\`.`,
      ]);
    } finally {
      delete process.env.JOBS_DISABLED;
      delete process.env.NEXT_RUNTIME;
      await db.$executeRawUnsafe(
        `INSERT INTO "_prisma_migrations" SELECT * FROM json_populate_record(NULL::"_prisma_migrations", $1::json)`,
        JSON.stringify(row),
      );
    }
    expect((await readiness()).checks.migrations.ok).toBe(true);
  });

  it('503 when the app ships a migration the database lacks, or the database has one the app does not know', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      const names = shippedMigrations();
      for (const name of names.slice(1)) {
        fs.mkdirSync(path.join(dir, name));
        fs.writeFileSync(path.join(dir, name, 'migration.sql'), '-- copy\n');
      }
      fs.mkdirSync(path.join(dir, '29991231000000_from_the_future'));
      fs.writeFileSync(path.join(dir, '29991231000000_from_the_future', 'migration.sql'), 'SELECT 1;\n');
      const answer = await readiness({ migrationsDir: dir });
      expect(answer.ready).toBe(false);
      expect(answer.checks.migrations.detail).toBe(
        '1 not applied (29991231000000_from_the_future): run `npm run db:migrate` or restart with `npm start`; ' +
          `1 applied that this version of the app does not know (${names[0]}): the database is from a newer version`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A migration that failed part-way (its row without finished_at) is named too.
    expect(
      compareMigrations(
        ['a', 'b'],
        [
          { migration_name: 'a', finished_at: new Date(), rolled_back_at: null },
          { migration_name: 'b', finished_at: null, rolled_back_at: null },
        ],
      ),
    ).toEqual({ ok: false, detail: '1 failed part-way (b): restore the backup taken before it' });
  });

  it('503 when the database does not answer, said once', async () => {
    const url = process.env.DATABASE_URL;
    await disconnectDb();
    process.env.DATABASE_URL = 'postgresql://nobody:nothing@127.0.0.1:1/none';
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.checks.database.ok).toBe(false);
      expect(res.body.problems[0]).toMatch(/^The database is not reachable: /);
      expect(res.body.problems).toHaveLength(2); // the database, and the queue; not the migrations again
    } finally {
      await disconnectDb();
      process.env.DATABASE_URL = url;
    }
  });
});

describe('GET /metrics', () => {
  const scrape = (authorization?: string) =>
    call(metricsRoute as never, { path: '/metrics', headers: authorization ? { authorization } : {} });

  afterEach(() => {
    delete process.env.METRICS_TOKEN;
  });
  afterAll(() => closeBackupStatus());

  it('404 when METRICS_TOKEN is not set, whatever is sent', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    process.env.METRICS_TOKEN = '   ';
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('401 with WWW-Authenticate for no token, a wrong one or another scheme', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer',
      `Basic ${TOKEN}`,
    ]) {
      const res = await scrape(authorization);
      expect([authorization, res.status]).toEqual([authorization, 401]);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(String(res.body)).not.toContain('http_requests_total');
    }
  });

  it('200 with the token: every named family, route labels as patterns and no token in them', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const client = await fixtureClient();
    await fixtureMessage('failed');
    // As scripts/server.js counts requests: labelled by the build's routes.
    const table = routeTable({
      staticRoutes: [{ page: '/api/health' }],
      dynamicRoutes: [{ page: '/card/[cardToken]', regex: '^/card/([^/]+?)(?:/)?$' }],
    });
    for (const url of [
      `/card/${client.inviteToken}`,
      `/card/${client.inviteToken}?x=1`,
      '/api/health',
      `/nope/${client.inviteToken}`,
    ]) {
      recordRequest({ method: 'GET', route: routeLabel(table, url), status: 200, seconds: 0.012 });
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = String(res.body);
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'db_pool_connections',
      'db_pool_idle_connections',
      'db_pool_waiting_requests',
      'job_queue_running',
      'job_queue_depth',
      'outbox_messages',
      'backup_last_success_age_seconds',
      'backup_last_run_failed',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect([family, text.includes(`# TYPE ${family} `)]).toEqual([family, true]);
    }
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/card\/\[cardToken\]",status="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.025",method="GET",route="\/api\/health"\} 1$/m,
    );
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\(other\)",status="200"\} 1$/m);
    expect(text).toMatch(/^outbox_messages\{status="failed"\} [1-9]\d*$/m);
    expect(text).toMatch(/^outbox_messages\{status="cancelled"\} 0$/m);
    expect(text).toMatch(/^db_pool_connections [1-9]\d*$/m);
    expect(text).toMatch(/^backup_last_success_age_seconds \+Inf$/m);
    expect(text).not.toContain(client.inviteToken);
    expect(text).not.toContain(client.email);
    expect(text).not.toContain(TOKEN);
  });

  it("the last backup's age from the backups' record, and whether the last run failed", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const hour = 3_600_000;
    const at = (ago: number) => new Date(Date.now() - ago);
    await db.$executeRaw`
      INSERT INTO "backup_runs" ("id", "reason", "status", "startedAt", "finishedAt", "fileName", "bytes")
      VALUES (gen_random_uuid(), 'daily', 'succeeded', ${at(2 * hour + 60_000)}, ${at(2 * hour)}, 'b.srbk', 1000)`;
    let text = String((await scrape(`Bearer ${TOKEN}`)).body);
    const age = Number(/^backup_last_success_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(7200);
    expect(age).toBeLessThan(7200 + 3600);
    expect(text).toMatch(/^backup_last_run_failed 0$/m);
    await db.$executeRaw`
      INSERT INTO "backup_runs" ("id", "reason", "status", "startedAt", "finishedAt", "error")
      VALUES (gen_random_uuid(), 'daily', 'failed', ${at(hour)}, ${at(hour - 1000)}, 'The disk is full.')`;
    text = String((await scrape(`Bearer ${TOKEN}`)).body);
    expect(text).toMatch(/^backup_last_run_failed 1$/m);
  });
});

describe('the log carries no personal data', () => {
  const PERSON = {
    firstName: 'Zephyrine',
    lastName: 'Quillfeather',
    email: 'zephyrine.quillfeather@example.com',
    phone: '07700 900123',
  };
  const BANK = { accountName: 'Zephyrine Quillfeather', sortCode: '60-16-13', accountNumber: '31926819' };
  let lines: string[];
  let restoreConsole: () => void;

  beforeAll(() => {
    lines = [];
    setLogDestination(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
      'trace',
    );
    // Anything still written with console.* is read too.
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
      jest.spyOn(console, name).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
      }),
    );
    restoreConsole = () => spies.forEach((spy) => spy.mockRestore());
  });

  afterAll(() => {
    restoreConsole();
    setLogDestination();
  });

  it('while a lead, a wrong password, bank details, a refused message and card lookups go through', async () => {
    // A lead from the public form, recommended by a client.
    const referrer = await fixtureClient({ firstName: 'Hesperus', lastName: 'Wrenfield' });
    const lead = await call(leadsRoute as never, {
      ip: uniqueIp(),
      body: { ...PERSON, treatmentInterest: 'improve-my-smile', referrerId: referrer.cardNumber },
    });
    expect(lead.status).toBe(201);

    // A sign-in with a wrong password.
    const staff = await makeStaff({ email: 'ottoline.brackenbury@example.com' });
    const login = await call(loginRoute as never, {
      ip: uniqueIp(),
      body: { username: staff.email, password: 'Wrong-Password-Marigold-77' },
    });
    expect(login.status).toBe(401);

    // Bank details through the one-time link.
    const linkToken = await fixtureBankDetailsLink();
    const bank = await call(bankDetailsRoute as never, {
      ip: uniqueIp(),
      params: { token: linkToken },
      body: BANK,
    });
    expect(bank.status).toBe(200);

    // Card lookups: one found, one made up.
    const card = await call(cardRoute as never, { params: { cardToken: referrer.inviteToken } });
    expect(card.status).toBe(200);
    const madeUp = randomBytes(16).toString('base64url');
    expect((await call(cardRoute as never, { ip: uniqueIp(), params: { cardToken: madeUp } })).status).toBe(
      404,
    );

    // A message refused by a mail server whose refusal names the recipient (as real ones do).
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}> mailbox unavailable`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const env = { smtp: process.env.SMTP_URL, app: process.env.APP_URL, from: process.env.MAIL_FROM };
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.APP_URL = 'https://clinic.example';
    process.env.MAIL_FROM = 'Clinic <hello@clinic.example>';
    const message = await fixtureMessage('queued');
    // Due now, as a message the sender claims.
    await db.message.update({
      where: { id: message.id },
      data: { nextAttemptAt: new Date(Date.now() - 1000) },
    });
    const recipient = message.toEmail ?? 'no address';
    try {
      await db.message.updateMany({
        where: { status: 'queued', id: { not: message.id } },
        data: { status: 'sent' },
      });
      const result = await dispatchDue();
      expect(result.failed + result.retrying).toBeGreaterThanOrEqual(1);
    } finally {
      closeMailTransport();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      for (const [key, value] of [
        ['SMTP_URL', env.smtp],
        ['APP_URL', env.app],
        ['MAIL_FROM', env.from],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }

    // A route handler's line carries the request's id (scripts/server.js sets X-Request-Id).
    requestLog(new Request('http://x/', { headers: { 'x-request-id': 'req-abc-123' } })).info('checked');

    const text = lines.join('\n');
    // The log was written: the refused message is there by its id, with the refusal masked.
    const refused = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.messageId === message.id);
    expect(refused).toMatchObject({ err: { message: expect.stringContaining('[email]') } });
    expect(lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'checked')).toMatchObject({
      reqId: 'req-abc-123',
    });

    for (const secret of [
      PERSON.firstName,
      PERSON.lastName,
      PERSON.email,
      PERSON.phone,
      PERSON.phone.replace(/\s/g, ''),
      '7700900123',
      'Hesperus',
      'Wrenfield',
      referrer.email,
      staff.email,
      'ottoline',
      'Marigold',
      BANK.sortCode,
      '601613',
      BANK.accountNumber,
      linkToken,
      referrer.inviteToken,
      madeUp,
      recipient,
      message.toName,
    ].filter((secret): secret is string => Boolean(secret))) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
  });
});
