/**
 * The clients table (issue 15): compact rows, sorting and filters that run on the server, and the tab, search,
 * filters and order kept in the URL, so a reload, Back or a shared link shows the same view.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { apiSignInAsAdmin, loopbackAddress, requestFrom, signInAsAdmin, uniqueEmail } from './support';

interface Client {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
}

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function register(
  request: APIRequestContext,
  testInfo: TestInfo,
  firstName: string,
  lastName: string,
  affiliateCompany?: string,
): Promise<Client> {
  const res = await request.post('/api/admin/clients', {
    data: { firstName, lastName, email: uniqueEmail(testInfo, 'table'), affiliateCompany },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Client;
}

/** A friend referred by the client through the public form; answers the referral's id. */
async function refer(client: Client, testInfo: TestInfo): Promise<string> {
  const res = await requestFrom(loopbackAddress(), 'POST', '/api/leads', {
    body: {
      firstName: `Friend${letters(5)}`,
      lastName: `Table${letters(5)}`,
      email: uniqueEmail(testInfo, 'tablefriend'),
      phone: `+44 77009${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
      treatmentInterest: 'improve-my-smile',
      source: 'qr_referral',
      referrerId: client.cardNumber,
    },
  });
  expect(res.status, res.text).toBe(201);
  return (JSON.parse(res.text) as { referralId: string }).referralId;
}

const table = (page: Page) =>
  page
    .getByRole('tabpanel', { name: /^Clients & Referrals/ })
    .getByRole('table', { name: 'Clients', exact: true });
const rowNames = (page: Page) => table(page).locator(':scope > tbody').getByRole('heading', { level: 3 });
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Show only clients with' }).getByRole('button', { name, exact: true });
const search = (page: Page) => page.getByLabel('Filter the table', { exact: true });
const header = (page: Page, name: string): Locator => table(page).getByRole('columnheader', { name });

test.describe('the clients table', () => {
  test.describe.configure({ mode: 'serial' });

  let tag: string;
  let names: { owed: string; banked: string; plain: string };

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    try {
      await apiSignInAsAdmin(request);
      // A surname no other test uses: the search keeps this test's clients apart from everyone else's.
      tag = `Tb${letters(7)}`;
      const surname = (letter: string) => `${tag}${letter}`;
      // Registered oldest first: Amy (owed, affiliate), then Bea (bank details), then Cal (nothing yet).
      const owed = await register(request, testInfo, 'Amy', surname('c'), 'Smile Partners');
      const banked = await register(request, testInfo, 'Bea', surname('a'));
      const plain = await register(request, testInfo, 'Cal', surname('b'));
      const referralId = await refer(owed, testInfo);
      await refer(owed, testInfo);
      await refer(banked, testInfo);
      const started = await request.patch(`/api/referrals/${referralId}`, {
        data: { status: 'Payment Due' },
      });
      expect(started.status(), await started.text()).toBe(200);
      const bank = await request.patch(`/api/admin/clients/${banked.id}`, {
        data: { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Bea Tester' },
      });
      expect(bank.status(), await bank.text()).toBe(200);
      const name = (c: Client) => `${c.firstName} ${c.lastName}`;
      names = { owed: name(owed), banked: name(banked), plain: name(plain) };
    } finally {
      await request.dispose();
    }
  });

  test('filters run on the server, alone and together, and say how many match', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/?tab=clients&q=${tag}`);
    await expect(rowNames(page)).toHaveText([names.plain, names.banked, names.owed]);

    await filter(page, 'Owed money').click();
    await expect(filter(page, 'Owed money')).toHaveAttribute('aria-pressed', 'true');
    await expect(rowNames(page)).toHaveText([names.owed]);
    const owedRow = table(page).locator(':scope > tbody').filter({ hasText: names.owed });
    await expect(owedRow).toContainText('£');
    await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ client/ })).toHaveText(
      'Showing 1 of 1 client',
    );

    await filter(page, 'Owed money').click();
    await filter(page, 'BACS missing').click();
    await expect(rowNames(page)).toHaveText([names.plain, names.owed]);
    await filter(page, 'No referrals yet').click();
    await expect(rowNames(page)).toHaveText([names.plain]);
    await filter(page, 'No referrals yet').click();
    await filter(page, 'BACS missing').click();

    await filter(page, 'Affiliate').click();
    await expect(rowNames(page)).toHaveText([names.owed]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(filter(page, 'Affiliate')).toHaveAttribute('aria-pressed', 'false');
  });

  test('sorting by a column orders the rows on the server and marks the column', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/?tab=clients&q=${tag}`);
    await expect(rowNames(page)).toHaveText([names.plain, names.banked, names.owed]);
    await expect(header(page, 'Added')).toHaveAttribute('aria-sort', 'descending');

    await header(page, 'Name').getByRole('button').click();
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Added')).not.toHaveAttribute('aria-sort', /.+/);
    // By last name: ...a (Bea), ...b (Cal), ...c (Amy).
    await expect(rowNames(page)).toHaveText([names.banked, names.plain, names.owed]);
    await header(page, 'Name').getByRole('button').click();
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(rowNames(page)).toHaveText([names.owed, names.plain, names.banked]);

    await header(page, 'Referrals').getByRole('button').click();
    await expect(header(page, 'Referrals')).toHaveAttribute('aria-sort', 'descending');
    await expect(rowNames(page)).toHaveText([names.owed, names.banked, names.plain]);
    await header(page, 'Owed').getByRole('button').click();
    await expect(rowNames(page).first()).toHaveText(names.owed);
  });

  test('the tab, search, filters and order survive a reload, and Back restores the tab', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Add Client' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: /^Clients & Referrals/ }).click();
    await expect(page).toHaveURL(/[?&]tab=clients/);

    await search(page).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await filter(page, 'BACS missing').click();
    await header(page, 'Name').getByRole('button').click();
    await expect(rowNames(page)).toHaveText([names.plain, names.owed]);
    await expect(page).toHaveURL(/[?&]bacsMissing=true/);
    await expect(page).toHaveURL(/[?&]sort=name/);

    await page.reload();
    await expect(page.getByRole('tab', { name: /^Clients & Referrals/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(search(page)).toHaveValue(tag);
    await expect(filter(page, 'BACS missing')).toHaveAttribute('aria-pressed', 'true');
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(rowNames(page)).toHaveText([names.plain, names.owed]);

    // A shared link opens the same view in another tab of the browser.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await expect(rowNames(other)).toHaveText([names.plain, names.owed]);
    await other.close();

    await page.getByRole('tab', { name: 'Add Client' }).click();
    await expect(page.getByRole('tab', { name: 'Add Client' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: /^Clients & Referrals/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(rowNames(page)).toHaveText([names.plain, names.owed]);
  });

  test('a row is one compact line; its details open on demand', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/?tab=clients&q=${tag}`);
    const row = table(page).locator(':scope > tbody').filter({ hasText: names.owed });
    const box = await row.boundingBox();
    // About 190 px a client before the table; now one line of cells.
    expect(box!.height).toBeLessThan(90);
    await expect(row.getByRole('list', { name: `Referrals of ${names.owed}` })).toHaveCount(0);
    await row.getByRole('button', { name: new RegExp(`^2\\s*Referrals of ${names.owed}$`) }).click();
    await expect(
      row.getByRole('list', { name: `Referrals of ${names.owed}` }).getByRole('listitem'),
    ).toHaveCount(2);
  });
});

test.describe('the clients table on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the page never scrolls sideways; the table scrolls inside its card', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/?tab=clients');
    await expect(page.getByRole('table', { name: 'Clients', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
