/**
 * Issue 28, points 3 and 4: limits sent at the same moment. Each race fires its requests at once from one real
 * (loopback) address of its own: simultaneous wrong passwords must have at most the lock-out's 5 evaluated (and
 * 20 per address across accounts), simultaneous lead posts (the API and the form's server action, one
 * allowance) exactly LEAD_RATE_LIMIT_PER_HOUR accepted, simultaneous failed card look-ups exactly
 * CARD_LOOKUP_FAILURES_PER_HOUR answered. And a stranger who locks the full admin out from their address does
 * not lock the admin out from theirs. (Per-address limits per IPv6 /64 are tested in lib/api/client-ip.test.ts
 * and tests/integration/limits.test.ts: loopback has one IPv6 address.)
 */
import http from 'node:http';
import { LIMITS, attacker, check, request, tally, type AttackContext } from '../support';

/** lib/services/login.ts. */
const LOGIN_FAILURES_PER_ACCOUNT = 5;
const LOGIN_FAILURES_PER_ADDRESS = 20;

const atOnce = <T>(count: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

export default async function attack(ctx: AttackContext): Promise<void> {
  await signInRaces(ctx);
  await leadRaces(ctx);
  await cardLookupRace(ctx);
}

async function signInRaces(ctx: AttackContext): Promise<void> {
  const login = (username: string, password: string, from: string) =>
    request(`${ctx.base}/api/login`, { method: 'POST', from, body: { username, password } });

  const stranger = attacker();
  for (const count of [20, 40]) {
    const from = count === 20 ? stranger : attacker();
    const statuses = (await atOnce(count, (i) => login(ctx.admin.email, `wrong-${count}-${i}`, from))).map(
      (r) => r.status,
    );
    const evaluated = statuses.filter((s) => s === 401).length;
    check(
      `${count} simultaneous wrong passwords for the full admin from one address`,
      evaluated <= LOGIN_FAILURES_PER_ACCOUNT && statuses.every((s) => s === 401 || s === 429),
      `${tally(statuses)} (at most ${LOGIN_FAILURES_PER_ACCOUNT} may be evaluated)`,
    );
  }

  const own = await login(ctx.admin.email, ctx.admin.password, attacker());
  const strangers = await login(ctx.admin.email, ctx.admin.password, stranger);
  check(
    'a stranger who locks the full admin out from their address does not lock the admin out',
    own.status === 200 && strangers.status === 429,
    `the right password from the admin's own address: ${own.status}; from the stranger's: ${strangers.status}`,
  );

  const from = attacker();
  const spread = (await atOnce(60, (i) => login(`nobody-${i}@limits.test`, 'wrong-password-1', from))).map(
    (r) => r.status,
  );
  check(
    '60 simultaneous wrong passwords for 60 accounts from one address',
    spread.filter((s) => s === 401).length <= LOGIN_FAILURES_PER_ADDRESS,
    `${tally(spread)} (at most ${LOGIN_FAILURES_PER_ADDRESS} may be evaluated per address)`,
  );
}

let leadNumber = 0;
const leadFields = () => {
  leadNumber += 1;
  return {
    firstName: 'Race',
    lastName: 'Friend',
    email: `race-${Date.now()}-${leadNumber}@friends.test`,
    phone: '07700 900123',
    treatmentInterest: 'improve-my-smile',
  };
};

async function leadRaces(ctx: AttackContext): Promise<void> {
  const limit = LIMITS.LEAD_RATE_LIMIT_PER_HOUR;
  for (const count of [40, 60]) {
    const from = attacker();
    const statuses = (
      await atOnce(count, () =>
        request(`${ctx.base}/api/leads`, { method: 'POST', from, body: leadFields() }),
      )
    ).map((r) => r.status);
    const accepted = statuses.filter((s) => s === 201).length;
    check(
      `${count} simultaneous lead posts from one address`,
      accepted === limit && accepted + statuses.filter((s) => s === 429).length === count,
      `${tally(statuses)} (exactly ${limit} may be accepted)`,
    );
  }

  // The form's server action, posted as a browser without JavaScript posts it (the same allowance as the API).
  const form = await actionForm(ctx.base);
  const from = attacker();
  const answers = await atOnce(30, () => postAction(ctx.base, form, leadFields(), from));
  const sent = answers.filter((a) => a.status === 200 && a.text.includes('id="lead-success-heading"')).length;
  const refused = answers.filter((a) => a.text.includes('Too many submissions from this address')).length;
  check(
    "30 simultaneous posts of the recommendation form's server action from one address",
    sent === limit && refused === 30 - limit,
    `${sent} sent, ${refused} refused for the limit, statuses ${tally(answers.map((a) => a.status))} ` +
      `(exactly ${limit} may be sent)`,
  );
}

async function cardLookupRace(ctx: AttackContext): Promise<void> {
  const limit = LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR;
  const from = attacker();
  const statuses = (
    await atOnce(limit + 20, (i) => request(`${ctx.base}/api/card/no-such-card-${Date.now()}-${i}`, { from }))
  ).map((r) => r.status);
  check(
    `${limit + 20} simultaneous failed card look-ups from one address`,
    statuses.filter((s) => s === 404).length === limit && statuses.filter((s) => s === 429).length === 20,
    `${tally(statuses)} (exactly ${limit} may be answered)`,
  );
}

/** The hidden fields React renders into the lead form for a post without JavaScript ($ACTION_…). */
async function actionForm(base: string): Promise<[string, string][]> {
  const page = await request(`${base}/recommendation-details`);
  if (page.status !== 200) throw new Error(`GET /recommendation-details answered ${page.status}`);
  const fields: [string, string][] = [];
  for (const input of page.text.match(/<input[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (!name?.startsWith('$ACTION')) continue;
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    fields.push([unescapeHtml(name), unescapeHtml(value)]);
  }
  if (fields.length === 0) throw new Error('The lead form carries no server action fields.');
  return fields;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** One multipart post of the form to its page, from `from`, as the browser sends it. */
async function postAction(
  base: string,
  hidden: [string, string][],
  lead: Record<string, string>,
  from: string,
): Promise<{ status: number; text: string }> {
  const data = new FormData();
  for (const [name, value] of hidden) data.append(name, value);
  for (const [name, value] of Object.entries({ ...lead, country: 'GB' })) data.append(name, value);
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: data });
  const body = Buffer.from(await encoded.arrayBuffer());
  const target = new URL('/recommendation-details', base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        timeout: 30_000,
        headers: {
          'Content-Type': encoded.headers.get('content-type')!,
          'Content-Length': String(body.length),
          Origin: target.origin,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('the server action post timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
