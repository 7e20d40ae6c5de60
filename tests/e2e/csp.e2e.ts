import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { E2E_MAILS_URL } from '../../playwright.config';
import {
  apiSignInAsAdmin,
  collectConsoleErrors,
  signInAsAdmin,
  uniqueEmail,
  waitForHydration,
} from './support';

/**
 * Issue 28 point 15: every page is sent with a Content-Security-Policy whose scripts run by a nonce made for that
 * one answer ('strict-dynamic', no 'unsafe-inline'), and every kind of page still hydrates and works under it in
 * Chromium with no violation reported: the login page, the dashboard, the card page, the recommendation form,
 * the review page and the bank-details page. A script injected into a page's HTML does not run. Point 12: the
 * pages are sent `Cache-Control: private, no-store`.
 */

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate)/i.test(message.text())) {
      fromConsole.push(`console: ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  return async () => {
    const inPage = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[]);
    return [...inPage, ...fromConsole];
  };
}

/** The sources of the answer's script-src. */
function scriptSrc(csp: string | undefined): string[] {
  const directive = (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}
const nonceOf = (csp: string | undefined) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];

/**
 * The page's answer carries a nonce-based policy without 'unsafe-inline', is private and unstored, and every
 * script element of its HTML carries that answer's nonce. Returns the nonce.
 */
async function expectNoncePolicy(response: Response | null, where: string): Promise<string> {
  expect(response, where).not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  const sources = scriptSrc(csp);
  expect(sources, `${where}: script-src`).not.toContain("'unsafe-inline'");
  expect(sources, `${where}: script-src`).toContain("'strict-dynamic'");
  const nonce = nonceOf(csp);
  expect(nonce, `${where}: a nonce in ${csp}`).toBeTruthy();
  expect(headers['cache-control'], `${where}: Cache-Control`).toBe('private, no-store');
  // Every script element the answer's HTML holds carries its nonce. (Scripts the page's own scripts add later,
  // such as a chunk loaded on demand, run by 'strict-dynamic' without one; a violation would be reported.)
  const html = await response!.text();
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(tags.length, `${where}: scripts`).toBeGreaterThan(0);
  for (const tag of tags) expect(/\snonce="([^"]*)"/.exec(tag)?.[1], `${where}: ${tag}`).toBe(nonce);
  return nonce!;
}

async function newClient(request: APIRequestContext, testInfo: TestInfo) {
  await apiSignInAsAdmin(request);
  const email = uniqueEmail(testInfo, 'csp');
  const res = await request.post('/api/admin/clients', {
    data: { firstName: 'nora', lastName: `csp${letters(8)}`, email },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as { id: string; inviteToken: string; cardNumber: string }), email };
}

test.describe('the nonce-based Content Security Policy', () => {
  test('every kind of page hydrates and works with no CSP violation, each answer with a nonce of its own', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const violations = await watchViolations(page);
    const errors = collectConsoleErrors(page);
    await page.addInitScript(() => window.localStorage.setItem('rewardCard.bookmarked', 'true'));
    const nonces = new Set<string>();

    // The login page, and signing in through it.
    let res = await page.goto('/login');
    nonces.add(await expectNoncePolicy(res, 'login page'));
    await waitForHydration(page.getByRole('button', { name: 'Sign In' }));
    await signInAsAdmin(page);

    // The dashboard, and a tab switched by its script.
    res = await page.reload();
    nonces.add(await expectNoncePolicy(res, 'dashboard'));
    const addClient = page.getByRole('tab', { name: 'Add Client' });
    await waitForHydration(addClient);
    await addClient.click();
    await expect(addClient).toHaveAttribute('aria-selected', 'true');

    // A card page: its first visit (the counted lookup) and a later one (the card page itself).
    const client = await newClient(request, testInfo);
    await page.request.post('/api/logout');
    for (const visit of ['card page, first visit', 'card page, again']) {
      res = await page.goto(`/card/${client.inviteToken}`);
      nonces.add(await expectNoncePolicy(res, visit));
      await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
    }

    // The recommendation form, with its script: an empty submission is answered on the page.
    res = await page.goto(`/recommendation-details?ref=${encodeURIComponent(client.cardNumber)}`);
    nonces.add(await expectNoncePolicy(res, 'recommendation form'));
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await waitForHydration(submit);
    await submit.click();
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();

    // A team member's review page.
    await apiSignInAsAdmin(request);
    const made = await request.post('/api/team-members', {
      data: { firstName: 'sophie', lastName: `csp${letters(8)}` },
    });
    expect(made.status(), await made.text()).toBe(201);
    const member = (await made.json()) as { id: string; qrCode: string };
    res = await page.goto(`/review/${member.qrCode}`);
    nonces.add(await expectNoncePolicy(res, 'review page'));
    await waitForHydration(page.getByRole('heading', { level: 1, name: 'Leave Us a Review' }));

    // The bank-details page, from the link a client is emailed; its form checks a field in the browser.
    const requested = await request.patch(`/api/admin/clients/${client.id}`, {
      data: { bacsRequested: true },
    });
    expect(requested.status(), await requested.text()).toBe(200);
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await (
            await page.request.get(`${E2E_MAILS_URL}?to=${encodeURIComponent(client.email)}`)
          ).json()) as { html: string }[];
          link = mails
            .map((m) => /href="(https?:\/\/[^"]+\/bank-details\/[\w-]+)"/.exec(m.html)?.[1])
            .find(Boolean);
          return Boolean(link);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    res = await page.goto(new URL(link!).pathname);
    nonces.add(await expectNoncePolicy(res, 'bank-details page'));
    const send = page.getByRole('button', { name: 'Send my bank details' });
    await waitForHydration(send);
    await page.getByLabel("Account holder's name").fill('Nora Csp');
    await page.getByLabel('Sort code').fill('112233');
    await page.getByLabel('Account number').fill('1234');
    await send.click();
    await expect(page.getByText('Account Number must be exactly 8 digits')).toBeVisible();
    await expect(page.getByLabel('Sort code')).toHaveValue('11-22-33');

    expect(nonces.size, 'a new nonce for every answer').toBe(7);
    expect(await violations(), 'CSP violations').toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);

    await apiSignInAsAdmin(request);
    await request.delete(`/api/team-members/${member.id}`);
    await request.delete(`/api/clients/${client.id}`);
  });

  test('a script injected into a page does not run, and the browser reports it', async ({
    page,
    request,
  }, testInfo) => {
    const client = await newClient(request, testInfo);
    const violations = await watchViolations(page);
    // What an injection would put in the HTML: an inline script and an inline event handler, without the nonce.
    await page.route(`**/card/${client.inviteToken}`, async (route) => {
      const original = await route.fetch();
      const html = (await original.text()).replace(
        '<body',
        '<script>window.__injected = "script"</script><img src="/icon.svg" onload="window.__injected = \'handler\'"><body',
      );
      await route.fulfill({ response: original, body: html });
    });
    await page.goto(`/card/${client.inviteToken}`);
    await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
    ).toBeUndefined();
    await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
    expect((await violations()).join('\n')).toMatch(/script-src/);

    await apiSignInAsAdmin(request);
    await request.delete(`/api/clients/${client.id}`);
  });
});
