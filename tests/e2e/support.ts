/**
 * Shared helpers for the end-to-end tests. Every test runs against ONE shared database (see
 * playwright.config.ts), so anything that changes an account works on a fresh one made here.
 */
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import http from 'node:http';
import { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config';

export { E2E_ADMIN };

export interface Account {
  id: string;
  email: string;
  password: string;
  isFullAdmin: boolean;
}

/** An email address no other test (nor a retry of this one) uses. */
export function uniqueEmail(testInfo: TestInfo, tag = 'staff'): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${testInfo.workerIndex}-${testInfo.retry}-${Date.now()}-${random}@clinic.test`;
}

/** Signs `request` in as the first full admin through the API (its cookie is kept by the request context). */
export async function apiSignInAsAdmin(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/login', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Creates a staff account through the API, as the first full admin. */
export async function createAccount(
  request: APIRequestContext,
  testInfo: TestInfo,
  {
    isFullAdmin = false,
    tag = isFullAdmin ? 'admin' : 'staff',
  }: { isFullAdmin?: boolean; tag?: string } = {},
): Promise<Account> {
  await apiSignInAsAdmin(request);
  const email = uniqueEmail(testInfo, tag);
  const password = `E2e-pass-${Math.random().toString(36).slice(2, 10)}`;
  const res = await request.post('/api/admin/users', { data: { email, password, isFullAdmin } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string; email: string; isFullAdmin: boolean };
  expect(body).toMatchObject({ email, isFullAdmin });
  return { id: body.id, email, password, isFullAdmin };
}

/** Removes an account made by createAccount (best effort: a test may already have removed it). */
export async function removeAccount(request: APIRequestContext, account: Pick<Account, 'id'>): Promise<void> {
  await apiSignInAsAdmin(request);
  const res = await request.delete(`/api/admin/users/${account.id}`);
  expect([204, 404]).toContain(res.status());
}

/**
 * Waits until React has hydrated `locator` (its props are attached to the DOM node). A form submitted before
 * hydration would be sent natively instead of through the app's handler.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), {
      message: 'waiting for React to hydrate the page',
    })
    .toBe(true);
}

/** Opens the login page (with an optional callbackUrl) and waits until its form works. */
export async function openLoginPage(page: Page, callbackUrl?: string): Promise<void> {
  await page.goto(callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/login');
  await waitForHydration(page.getByRole('button', { name: 'Sign In', exact: true }));
}

/** Fills and submits the login form on the current (already open) login page. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the login page and waits for the page the user lands on (default the dashboard). */
export async function signIn(
  page: Page,
  { email, password }: { email: string; password: string },
  { expectPath = '/' }: { expectPath?: string } = {},
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await openLoginPage(page);
  else await waitForHydration(page.getByRole('button', { name: 'Sign In', exact: true }));
  await submitLogin(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === expectPath);
}

export function signInAsAdmin(page: Page): Promise<void> {
  return signIn(page, E2E_ADMIN);
}

/** The red alert of a form showing `text` (Next's route announcer is also a role=alert, so filter by text). */
export function errorAlert(page: Page | Locator, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The sidebar navigation (on laptops; on phones it is inside the 'Menu' dialog). */
export function mainNav(page: Page | Locator): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** A card of the settings page, found by its heading. */
export function card(page: Page, heading: string): Locator {
  return page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

/** Collects console errors and uncaught page errors, to assert there were none. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * A loopback address of the test's own choosing (the whole of 127.0.0.0/8 is this machine): requests made from
 * it count against that address's limits only, so a test that uses up a limit leaves every other test, which
 * comes from 127.0.0.1, untouched. The server trusts no forwarded header (TRUSTED_PROXIES=0), so this is the
 * only honest way to be "someone else".
 */
export function loopbackAddress(): string {
  return `127.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request to the e2e server from `from` (see loopbackAddress), following no redirect. `body` is sent as JSON;
 * `raw` as it is, with its own content type (a form encoded as a browser encodes it).
 */
export function requestFrom(
  from: string,
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: unknown;
    raw?: { bytes: Buffer; contentType: string };
  } = {},
): Promise<RawAnswer> {
  const body = options.raw
    ? options.raw.bytes
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const contentType = options.raw?.contentType ?? 'application/json';
  const base = new URL(E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: Number(base.port),
        path,
        method,
        localAddress: from,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) }),
          ...(method === 'GET' ? {} : { origin: base.origin }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
