/**
 * Issue 28, points 3 and 4, against the real server: requests sent at the same moment get exactly a limit
 * through. Each race comes from a loopback address of its own (loopbackAddress), so it uses up only its own
 * limits and none of the other specs', which post from 127.0.0.1.
 *
 * The e2e server's limits are playwright.config.ts's: sign-in's own 5 per account and address and 20 per
 * address, CARD_LOOKUP_FAILURES_PER_HOUR 60, and LEAD_RATE_LIMIT_PER_HOUR 1000 (every other spec's browser posts
 * leads from 127.0.0.1). So the lead race first uses up all but 20 of its address's hour with twenty leads sent
 * again and again, then sends 60 at once: the form's API and its server action, one allowance.
 */
import { expect, test } from '@playwright/test';
import { createAccount, loopbackAddress, removeAccount, requestFrom, type RawAnswer } from './support';

/** lib/services/login.ts. */
const LOGIN_FAILURES_PER_ACCOUNT = 5;
const LOGIN_FAILURES_PER_ADDRESS = 20;
/** playwright.config.ts's webServer env. */
const CARD_LOOKUP_FAILURES_PER_HOUR = 60;
const LEAD_RATE_LIMIT_PER_HOUR = 1000;
const RATE_LIMIT_TEXT = 'Too many submissions from this address. Please try again later.';

const atOnce = <T>(count: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

function counts(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

const login = (from: string, username: string, password: string) =>
  requestFrom(from, 'POST', '/api/login', { body: { username, password } });

test.describe('limits under simultaneous requests (issue 28)', () => {
  // A full admin of its own: locking the first admin (even from another address) would show an Unlock button on
  // their own row in Settings, which settings.e2e.ts, running beside this spec, says is never there.
  test('20 and 40 wrong passwords at once for a full admin: 5 evaluated from each address; the admin still signs in from their own', async ({
    request,
  }, testInfo) => {
    const admin = await createAccount(request, testInfo, { isFullAdmin: true, tag: 'locked-admin' });
    const stranger = loopbackAddress();
    for (const [count, from] of [
      [20, stranger],
      [40, loopbackAddress()],
    ] as const) {
      const answers = await atOnce(count, (i) => login(from, admin.email, `wrong-${count}-${i}`));
      expect(counts(answers.map((a) => a.status))).toEqual({
        401: LOGIN_FAILURES_PER_ACCOUNT,
        429: count - LOGIN_FAILURES_PER_ACCOUNT,
      });
    }
    // Point 4: locked from the stranger's address only.
    expect((await login(stranger, admin.email, admin.password)).status).toBe(429);
    expect((await login(loopbackAddress(), admin.email, admin.password)).status).toBe(200);
    await removeAccount(request, admin);
  });

  test('60 wrong passwords at once for 60 accounts from one address: 20 evaluated', async () => {
    const from = loopbackAddress();
    const answers = await atOnce(60, (i) =>
      login(from, `nobody-${i}-${Date.now()}@limits.test`, 'wrong-password'),
    );
    expect(counts(answers.map((a) => a.status))).toEqual({
      401: LOGIN_FAILURES_PER_ADDRESS,
      429: 60 - LOGIN_FAILURES_PER_ADDRESS,
    });
  });

  test(`${CARD_LOOKUP_FAILURES_PER_HOUR + 30} failed card look-ups at once from one address: ${CARD_LOOKUP_FAILURES_PER_HOUR} answered`, async () => {
    const from = loopbackAddress();
    const answers = await atOnce(CARD_LOOKUP_FAILURES_PER_HOUR + 30, (i) =>
      requestFrom(from, 'GET', `/api/card/no-such-card-${Date.now()}-${i}`),
    );
    expect(counts(answers.map((a) => a.status))).toEqual({ 404: CARD_LOOKUP_FAILURES_PER_HOUR, 429: 30 });
  });

  test('60 lead posts at once (30 to the API, 30 to the form’s server action) with 20 left in the hour: exactly 20 accepted', async () => {
    // Accepted leads are answered no sooner than the slowest recent one (lead-pace.ts, up to 3 s): room for that.
    test.setTimeout(360_000);
    const from = loopbackAddress();
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const lead = (email: string) => ({
      firstName: 'Race',
      lastName: 'Friend',
      email,
      phone: '07700 900123',
      treatmentInterest: 'improve-my-smile',
    });

    // All but 20 of the hour, forty at a time: forty leads, each sent again and again (a repeat counts like a
    // new lead, and writes no new lead and no second thank-you), so the inbox gains 40 leads, not 980.
    const repeated = Array.from({ length: 40 }, (_, i) => lead(`e2e-limits-${stamp}-fill${i}@friends.test`));
    let used = 0;
    while (used < LEAD_RATE_LIMIT_PER_HOUR - 20) {
      const batch = Math.min(40, LEAD_RATE_LIMIT_PER_HOUR - 20 - used);
      const answers = await atOnce(batch, (i) =>
        requestFrom(from, 'POST', '/api/leads', { body: repeated[i]! }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(batch).fill(201));
      used += batch;
    }

    const hidden = await actionFields();
    const [api, action] = await Promise.all([
      atOnce(30, (i) =>
        requestFrom(from, 'POST', '/api/leads', { body: lead(`e2e-limits-${stamp}-api${i}@friends.test`) }),
      ),
      atOnce(30, (i) => postAction(from, hidden, lead(`e2e-limits-${stamp}-form${i}@friends.test`))),
    ]);
    const apiAccepted = api.filter((a) => a.status === 201).length;
    expect(api.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    const actionSent = action.filter((a) => a.text.includes('id="lead-success-heading"')).length;
    const actionRefused = action.filter((a) => a.text.includes(RATE_LIMIT_TEXT)).length;
    expect(actionSent + actionRefused).toBe(30);
    expect(apiAccepted + actionSent).toBe(20);

    // And the hour is used up for both.
    expect((await requestFrom(from, 'POST', '/api/leads', { body: repeated[0]! })).status).toBe(429);
  });
});

/** The hidden fields React renders into the lead form for a post without JavaScript ($ACTION_…). */
async function actionFields(): Promise<[string, string][]> {
  const page = await requestFrom('127.0.0.1', 'GET', '/recommendation-details');
  expect(page.status).toBe(200);
  const fields: [string, string][] = [];
  for (const input of page.text.match(/<input[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (!name?.startsWith('$ACTION')) continue;
    fields.push([unescapeHtml(name), unescapeHtml(/value="([^"]*)"/.exec(input)?.[1] ?? '')]);
  }
  expect(fields.length).toBeGreaterThan(0);
  return fields;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The form posted to its page as a browser without JavaScript posts it (multipart), from `from`. */
async function postAction(
  from: string,
  hidden: [string, string][],
  lead: Record<string, string>,
): Promise<RawAnswer> {
  const data = new FormData();
  for (const [name, value] of hidden) data.append(name, value);
  for (const [name, value] of Object.entries({ ...lead, country: 'GB' })) data.append(name, value);
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: data });
  return requestFrom(from, 'POST', '/recommendation-details', {
    raw: {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type')!,
    },
  });
}
