/**
 * Several instances on one database (issue 32 point 5): two servers of the e2e build, one PostgreSQL, and a
 * round-robin proxy in front of them (instances-support.ts). Through the proxy, and naming which instance
 * answered, it proves that a card edited through one instance shows at once through the other (page and API,
 * and a deleted card is gone from both), that each message is sent once through a real SMTP server, that a
 * scheduled job runs once per period although both instances schedule it, that the limit on failed card
 * lookups holds across both, and that a session signed out everywhere through A is refused by B.
 */
import http from 'node:http';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';
import { loopbackAddress } from './support';
import { CARD_LOOKUP_FAILURES, INSTANCES_ADMIN, startPair, type Pair } from './instances-support';

const NOT_FOUND = 'Referral Reward Card Not Found';
type Name = 'A' | 'B';

// Two servers start one after the other on a busy machine; the scheduled job needs two of its minutes.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let mail: TestMailServer;
let pair: Pair;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mail = await startMailServer();
  pair = await startPair({ distDir: process.env.NEXT_DIST_DIR || '.next', smtpUrl: mail.url });
});

test.afterAll(async ({}, testInfo) => {
  await pair?.stop();
  await mail?.close();
  for (const instance of [pair?.a, pair?.b]) {
    if (instance)
      await testInfo.attach(`instance ${instance.name} output`, { body: instance.output.join('') });
  }
});

/** A signed-in API client through the proxy; `to` sends a request to one instance (the proxy's test header). */
async function signedIn(): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: pair.url });
  const res = await context.post('/api/login', {
    data: { username: INSTANCES_ADMIN.email, password: INSTANCES_ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

const to = (instance: Name) => ({ headers: { 'x-test-instance': instance } });
const from = (res: { headers(): Record<string, string> }) => res.headers()['x-test-instance'] as Name;

function uniqueName(tag: string): { firstName: string; lastName: string } {
  const letters = (n: number) =>
    Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
  return { firstName: `${tag}${letters(6)}`, lastName: `Pair${letters(6)}` };
}

async function createClient(api: APIRequestContext, via: Name, name: object, sendCard = false) {
  const res = await api.post('/api/admin/clients', {
    ...to(via),
    data: { ...name, email: `${Object.values(name).join('.')}@instances.test`.toLowerCase(), sendCard },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect(from(res)).toBe(via);
  return (await res.json()) as { id: string; inviteToken: string; email: string };
}

/** The card page and API answer through each instance in turn (the proxy's round robin): who answered, what. */
async function cardThroughBoth(api: APIRequestContext, token: string) {
  const pages: { by: Name; html: string }[] = [];
  const answers: { by: Name; status: number; body: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const page = await api.get(`/card/${token}`);
    expect(page.status()).toBe(200);
    pages.push({ by: from(page), html: await page.text() });
  }
  for (let i = 0; i < 2; i++) {
    const answer = await api.get(`/api/card/${token}`);
    answers.push({ by: from(answer), status: answer.status(), body: await answer.text() });
  }
  // The proxy alternates: the page came from both instances, and so did the API's answer.
  expect(new Set(pages.map((p) => p.by))).toEqual(new Set(['A', 'B']));
  expect(new Set(answers.map((a) => a.by))).toEqual(new Set(['A', 'B']));
  return { pages, answers };
}

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: pair.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** One GET through the proxy from a loopback address of its own (the proxy forwards it as the caller's). */
function getFrom(address: string, path: string): Promise<{ status: number; by: Name }> {
  const proxy = new URL(pair.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: proxy.hostname, port: Number(proxy.port), path, localAddress: address, agent: false },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, by: res.headers['x-test-instance'] as Name }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('two instances on one database behave as one', async () => {
  const api = await signedIn();

  await test.step('a card edited through A shows at once through B; deleted through B, it is gone from A', async () => {
    const name = uniqueName('Pair');
    const client = await createClient(api, 'A', name);
    for (const { html } of (await cardThroughBoth(api, client.inviteToken)).pages)
      expect(html).toContain(name.firstName);

    const renamed = { firstName: `${name.firstName}x`, lastName: `${name.lastName}y` };
    const patch = await api.patch(`/api/admin/clients/${client.id}`, { ...to('A'), data: renamed });
    expect(patch.status(), await patch.text()).toBe(200);
    // The very next requests, through B and A, show the new name (page and API).
    const after = await cardThroughBoth(api, client.inviteToken);
    for (const { html } of after.pages) expect(html).toContain(renamed.firstName);
    for (const answer of after.answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject(renamed);
    }

    const removed = await api.delete(`/api/clients/${client.id}`, to('B'));
    expect(removed.status()).toBe(204);
    const gone = await cardThroughBoth(api, client.inviteToken);
    for (const { html } of gone.pages) {
      expect(html).toContain(NOT_FOUND);
      expect(html).not.toContain(renamed.firstName);
    }
    for (const answer of gone.answers) expect(answer.status).toBe(404);
  });

  await test.step('failed card lookups are limited across both instances', async () => {
    const address = loopbackAddress();
    const misses: Name[] = [];
    for (let n = 0; n < CARD_LOOKUP_FAILURES; n++) {
      const res = await getFrom(address, `/api/card/nobody-${n}-aaaaaaaa${n}${n}`);
      expect(res.status).toBe(404);
      misses.push(res.by);
    }
    // Half the failures were counted by each instance ...
    expect(misses.filter((by) => by === 'A')).toHaveLength(CARD_LOOKUP_FAILURES / 2);
    // ... and the next lookup is refused by both.
    const refused = [
      await getFrom(address, '/api/card/nobody-more-aaaaaaaa1'),
      await getFrom(address, '/api/card/x'),
    ];
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(refused.map((r) => r.by))).toEqual(new Set(['A', 'B']));
  });

  const cards: { email: string; id: string }[] = [];
  await test.step('messages written through either instance are each sent once', async () => {
    for (const via of ['A', 'B', 'A', 'B'] as const)
      cards.push(await createClient(api, via, uniqueName('Mail'), true));
    for (const card of cards) await mail.waitFor((m) => recipients(m).includes(card.email), 1, 60_000);
  });

  await test.step('a session signed out everywhere through A is refused by B', async () => {
    const other = await signedIn(); // the same account, in another browser
    for (const via of ['A', 'B'] as const)
      expect((await other.get('/api/admin/users', to(via))).status()).toBe(200);
    const users = (await (await api.get('/api/admin/users')).json()) as { id: string; email: string }[];
    const admin = users.find((u) => u.email === INSTANCES_ADMIN.email)!;
    const out = await api.delete(`/api/admin/users/${admin.id}/sessions`, to('A'));
    expect(out.status(), await out.text()).toBe(200);
    for (const session of [other, api]) {
      expect((await session.get('/api/admin/users', to('B'))).status()).toBe(401);
      expect((await session.get('/api/admin/users', to('A'))).status()).toBe(401);
    }
    await other.dispose();
  });

  await test.step('the scheduled message sweep runs once a minute, though both instances schedule it', async () => {
    // Both instances run the job queue, and so both registered the schedule.
    for (const instance of [pair.a, pair.b])
      expect(instance.output.join('')).toContain('The job queue is running');
    // pg-boss's cron sends each schedule's job through its 'send-it' queue, one job per minute at most.
    const periods = () =>
      query<{ period: string; n: number }>(
        `SELECT "singleton_on"::text AS period, count(*)::int AS n FROM (
           SELECT "singleton_on" FROM pgboss.job WHERE "name" = '__pgboss__send-it' AND "singleton_key" = 'messages'
           UNION ALL
           SELECT "singleton_on" FROM pgboss.archive WHERE "name" = '__pgboss__send-it' AND "singleton_key" = 'messages'
         ) sent GROUP BY 1 ORDER BY 1`,
      );
    await expect
      .poll(async () => (await periods()).length, { timeout: 150_000, intervals: [2_000] })
      .toBeGreaterThanOrEqual(2);
    for (const { n } of await periods()) expect(n).toBe(1);
  });

  await test.step('after both instances have swept the outbox, each message is still one email', async () => {
    for (const card of cards) {
      expect(mail.mails.filter((m) => recipients(m).includes(card.email))).toHaveLength(1);
    }
    const rows = await query<{ status: string; n: number }>(
      `SELECT "status"::text AS status, count(*)::int AS n FROM "messages" WHERE "kind" = 'card_issued' GROUP BY 1`,
    );
    expect(rows).toEqual([{ status: 'sent', n: cards.length }]);
  });

  await api.dispose();
});
