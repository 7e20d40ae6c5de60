import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { E2E_BASE_URL } from '../../playwright.config';

/**
 * Issue 30, point 3: the API reference at /docs/api, for integrators. It is read from the same OpenAPI document
 * as /api/openapi.json, lists every endpoint with who may call it, and works offline: nothing is loaded from
 * another site and it needs no script (it is read here with JavaScript off). Axe clean; usable at phone width.
 */
test('the API reference lists every endpoint of /api/openapi.json, offline and without scripts', async ({
  browser,
  request,
}) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    openapi: string;
    paths: Record<string, Record<string, { 'x-access': string }>>;
  };
  expect(doc.openapi).toBe('3.1.0');
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.length).toBeGreaterThan(1);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(E2E_BASE_URL) && !req.url().startsWith('data:')) elsewhere.push(req.url());
  });
  await page.goto('/docs/api');
  await expect(page).toHaveTitle('API reference · Smile Referrals');
  await expect(page.getByRole('heading', { level: 1, name: 'Smile Referrals API' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json', exact: true })).toHaveAttribute(
    'href',
    '/api/openapi.json',
  );

  const contents = page.getByRole('navigation', { name: 'Contents' });
  // Every operation has its heading (method and path) and its contents link. Read from the page in one go:
  // a role query per endpoint (about 90 of them, twice) walked the long page's accessibility tree 180 times
  // and took over a minute; the role queries below check that these are headings and links at all.
  // (Through the locators' own script: the page's scripts are off.)
  const clean = (list: string[]) => list.map((t) => t.replace(/\s+/g, ' ').trim());
  const found = {
    headings: clean(
      await page.locator('section:not([aria-labelledby="schemas"]) article > h3').allTextContents(),
    ),
    links: clean(await contents.locator('li li > a').allTextContents()),
  };
  const times = (list: string[], item: string) => list.filter((x) => x === item).length;
  for (const operation of operations) {
    expect(times(found.headings, operation), `the heading of ${operation}`).toBe(1);
    expect(times(found.links, operation), `the contents link of ${operation}`).toBe(1);
  }
  expect(found.headings).toHaveLength(operations.length);
  await expect(page.getByRole('heading', { level: 3, name: 'GET /api/health', exact: true })).toHaveCount(1);
  await expect(contents.getByRole('link', { name: 'GET /api/health', exact: true })).toHaveCount(1);
  // Who may call each: the health check is public.
  const health = page.getByRole('article', { name: 'GET /api/health' });
  await expect(health.getByText('Public', { exact: true })).toBeVisible();
  await expect(health.getByText('Anyone: no sign-in needed.', { exact: false })).toBeVisible();

  // A contents link takes the reader to the endpoint.
  await contents.getByRole('link', { name: 'GET /api/health', exact: true }).click();
  await expect(page).toHaveURL(/#public-health$/);

  expect(elsewhere).toEqual([]);
  await context.close();
});

test('the API reference is axe clean and fits a 375 px phone', async ({ page }) => {
  // A long page (every endpoint with its fields): axe takes a while over it on this machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1, name: 'Smile Referrals API' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousViolations(page, 'the API reference');
});
