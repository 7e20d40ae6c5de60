/**
 * The Clients & Referrals tab at scale (issue 7): the list comes a page of 50 at a time, the searches run on
 * the server as staff type, a row loads its referrals when it opens, and 'Show' and Add Manual Referral's
 * referrer picker reach clients the page has not loaded. 120 clients are registered for it through the API;
 * the database is shared with every other test, so counts are read from the server, never assumed.
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
import { apiSignInAsAdmin, errorAlert, uniqueEmail } from './support';

interface Client {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
  name: string;
}

interface Lead {
  referralId: string;
  name: string;
  /** As stored: +447700 9xxxxx. */
  phone: string;
}

const SEEDED = 120;
const PAGE = 50;

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

async function registerClient(
  request: APIRequestContext,
  testInfo: TestInfo,
  firstName: string,
  lastName: string,
): Promise<Client> {
  const res = await request.post('/api/admin/clients', {
    data: { firstName, lastName, email: uniqueEmail(testInfo, 'paging') },
  });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as Omit<Client, 'name'>;
  return { ...client, name: `${client.firstName} ${client.lastName}` };
}

/** A lead from the client's QR code (signed out, as the public form sends it), with a phone of its own. */
async function postLead(anonymous: APIRequestContext, client: Client, testInfo: TestInfo): Promise<Lead> {
  const firstName = `lead${letters(6)}`;
  const lastName = `paged${letters(8)}`;
  // A random mobile number (07700 9xxxxx) that no other test types.
  const national = `77009${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const res = await anonymous.post('/api/leads', {
    data: {
      firstName,
      lastName,
      email: uniqueEmail(testInfo, 'pagedlead'),
      phone: `+44 ${national}`,
      treatmentInterest: 'improve-my-smile',
      source: 'qr_referral',
      referrerId: client.cardNumber,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { referralId } = (await res.json()) as { referralId: string };
  return { referralId, name: `${capitalise(firstName)} ${capitalise(lastName)}`, phone: `+44${national}` };
}

/** Every client's count, as the server has it now (X-Total-Count of the unfiltered list). */
async function serverTotal(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/clients?limit=1&referrals=false');
  expect(res.status(), await res.text()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

const clientsTab = (page: Page) => page.getByRole('tab', { name: /^Clients & Referrals \(/ });

async function tabCount(page: Page): Promise<number> {
  const text = (await clientsTab(page).textContent()) ?? '';
  const digits = /\(([\d,]+)\)/.exec(text)?.[1];
  expect(digits, `tab label "${text}"`).toBeDefined();
  return Number(digits!.replace(/,/g, ''));
}

async function openClientsTab(page: Page): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
  await expect(page.getByText('Loading clients...')).toHaveCount(0);
  await clientsTab(page).click();
  const panel = page.getByRole('tabpanel', { name: /^Clients & Referrals/ });
  await expect(panel.getByRole('table', { name: 'Clients', exact: true })).toBeVisible();
  return panel;
}

/** The rows of the client list (not the referrals of an open row, which are list items too). */
const rows = (panel: Locator) =>
  panel.getByRole('table', { name: 'Clients', exact: true }).locator(':scope > tbody');

function clientRow(panel: Locator, client: Client): Locator {
  return rows(panel).filter({ hasText: client.email });
}

function referralsToggle(row: Locator, client: Client): Locator {
  return row.getByRole('button', { name: new RegExp(`^\\d+\\s*Referrals? of ${client.name}$`) });
}

function referralItem(row: Locator, client: Client, leadName: string): Locator {
  return row
    .getByRole('list', { name: `Referrals of ${client.name}`, exact: true })
    .getByRole('listitem', { name: leadName, exact: true });
}

const shownStatus = (panel: Locator) => panel.getByRole('status').filter({ hasText: /^Showing \d/ });

test.describe('Clients & Referrals at scale', () => {
  // One set of 120 clients for the tests of this file, registered once.
  test.describe.configure({ mode: 'serial' });

  /** The two oldest: never on the first page. */
  let searched: Client;
  let phoned: Client;
  /** Old too, for the referrer picker. */
  let chosen: Client;
  /** The newest, with two referrals: on the first page. */
  let newest: Client;
  let phoneLead: Lead;
  let newestLeads: Lead[];
  let tag: string;

  test.beforeAll(async ({ playwright }, testInfo) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    try {
      await apiSignInAsAdmin(request);
      // Letters only, so that the names title-case predictably: 'Pgab...'.
      tag = `pg${String.fromCharCode(97 + (testInfo.workerIndex % 26))}${letters(5)}`;
      const register = (firstName: string) =>
        registerClient(request, testInfo, firstName, `${tag}${letters(6)}`);
      // One after another where the order matters; the bulk of them ten at a time.
      searched = await register('sarah');
      phoned = await register('peter');
      chosen = await register('carol');
      for (let made = 4; made < SEEDED; made += 10) {
        const batch = Math.min(10, SEEDED - made);
        await Promise.all(Array.from({ length: batch }, () => register('bulk')));
      }
      newest = await register('nancy');
      phoneLead = await postLead(anonymous, phoned, testInfo);
      newestLeads = [
        await postLead(anonymous, newest, testInfo),
        await postLead(anonymous, newest, testInfo),
      ];
    } finally {
      await request.dispose();
      await anonymous.dispose();
    }
  });

  test('the tab counts every client; the list shows 50, Load more clients the rest; a row loads its referrals on opening', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await apiSignInAsAdmin(page.request);
    const before = await serverTotal(page.request);
    expect(before).toBeGreaterThanOrEqual(SEEDED);
    const referralRequests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/referrals' && url.searchParams.get('clientId') === newest.id) {
        referralRequests.push(req.url());
      }
    });
    const panel = await openClientsTab(page);

    // A page of 50, newest first, and how many of them all. The label counts what the list counts: the page was
    // drawn before the list was fetched, and others may register clients meanwhile, so the label follows the list.
    await expect(rows(panel)).toHaveCount(PAGE);
    let total = 0;
    await expect(async () => {
      total = await tabCount(page);
      await expect(shownStatus(panel)).toHaveText(`Showing 50 of ${total.toLocaleString('en-GB')} clients`, {
        timeout: 500,
      });
    }).toPass({ timeout: 10_000 });
    const after = await serverTotal(page.request);
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(after);
    await expect(panel).toContainText(
      `${total.toLocaleString('en-GB')} clients are registered, newest first.`,
    );
    await expect(clientRow(panel, searched)).toHaveCount(0);
    // Ours is on the first page, unless 50 or more clients were registered after it by the files running beside
    // this one (an import adds hundreds at once): Load more brings in its page then. The order is checked at
    // the end, over every row.
    const loadMore = panel.getByRole('button', { name: 'Load more clients' });
    let shown = PAGE;
    while ((await clientRow(panel, newest).count()) === 0) {
      await loadMore.click();
      shown = Math.min(shown + PAGE, total);
      await expect(rows(panel)).toHaveCount(shown);
    }

    // Opening a row loads its referrals; closing and opening it again keeps them (no second request). Pages
    // of one referral here (the page asks for 100), so that 'Load more referrals' shows with two.
    await page.route(
      (url) => url.pathname === '/api/referrals' && url.searchParams.get('clientId') === newest.id,
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('limit', '1');
        return route.continue({ url: url.toString() });
      },
    );
    const row = clientRow(panel, newest);
    const toggle = referralsToggle(row, newest);
    await expect(toggle).toHaveAccessibleName(`2 Referrals of ${newest.name}`);
    expect(referralRequests).toHaveLength(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(row.getByRole('heading', { name: `Referrals of ${newest.name} (2)` })).toBeVisible();
    // Newest first: the second lead's referral, then, on request, the first's.
    await expect(referralItem(row, newest, newestLeads[1]!.name)).toBeVisible();
    await expect(referralItem(row, newest, newestLeads[0]!.name)).toHaveCount(0);
    await expect(row.getByRole('status')).toHaveText('Showing 1 of 2 referrals');
    const moreReferrals = row.getByRole('button', { name: `Load more referrals of ${newest.name}` });
    await moreReferrals.click();
    await expect(referralItem(row, newest, newestLeads[0]!.name)).toBeVisible();
    await expect(moreReferrals).toHaveCount(0);
    expect(referralRequests).toHaveLength(2);
    await toggle.click();
    await expect(referralItem(row, newest, newestLeads[0]!.name)).toHaveCount(0);
    await toggle.click();
    for (const lead of newestLeads) await expect(referralItem(row, newest, lead.name)).toBeVisible();
    expect(referralRequests).toHaveLength(2);
    await toggle.click();

    // Load more clients, from the keyboard: 50 more each time, focus on the first of them, until all show.
    while (shown < total) {
      const firstNew = rows(panel).nth(shown);
      await loadMore.focus();
      await page.keyboard.press('Enter');
      shown = Math.min(shown + PAGE, total);
      await expect(rows(panel)).toHaveCount(shown);
      await expect(shownStatus(panel)).toHaveText(
        `Showing ${shown.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} clients`,
      );
      await expect(firstNew.getByRole('heading', { level: 3 })).toBeFocused();
    }
    await expect(loadMore).toHaveCount(0);
    // Clients registered after the count are not on the pages after it: every one of ours is there.
    for (const client of [searched, phoned, chosen]) await expect(clientRow(panel, client)).toHaveCount(1);
    // Newest first: ours in the reverse of the order they were registered in.
    const texts = await rows(panel).allTextContents();
    const at = (client: Client) => texts.findIndex((text) => text.includes(client.email));
    expect(at(newest)).toBeGreaterThanOrEqual(0);
    expect(at(newest)).toBeLessThan(at(chosen));
    expect(at(chosen)).toBeLessThan(at(phoned));
    expect(at(phoned)).toBeLessThan(at(searched));
  });

  test('the searches run on the server as you type; Show brings in a client or a referral that was not loaded', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await apiSignInAsAdmin(page.request);
    const clientSearches: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/clients' && url.searchParams.has('q')) clientSearches.push(url.search);
    });
    const panel = await openClientsTab(page);
    await expect(clientRow(panel, searched)).toHaveCount(0);
    await expect(clientRow(panel, phoned)).toHaveCount(0);

    // Every seeded client matches the tag: the count is the server's, the first 25 are listed.
    const search = panel.getByLabel('Search clients');
    const results = panel.getByRole('region', { name: 'Client search results' });
    await search.fill(tag);
    await expect(results.getByRole('status')).toHaveText(`${SEEDED} results`);
    await expect(results.getByRole('listitem')).toHaveCount(25);
    await expect(results).toContainText('Showing the first 25. Type more to narrow the search.');

    // Typed letter by letter: found as it is typed, with a request per pause rather than per key.
    await search.fill('');
    await expect(results.getByRole('listitem')).toHaveCount(0);
    clientSearches.length = 0;
    const typed = searched.lastName.toLowerCase();
    await search.pressSequentially(typed, { delay: 30 });
    await expect(results.getByRole('status')).toHaveText('1 result');
    await expect(results.getByRole('listitem')).toContainText(searched.name);
    await expect(results.getByRole('listitem')).toContainText('0 referrals');
    expect(clientSearches.length).toBeLessThan(typed.length);
    expect(clientSearches.at(-1)).toContain(`q=${typed}`);

    // Show: not loaded, so it joins the list at the top, open, with focus on it.
    await results.getByRole('button', { name: `Show ${searched.name} in the client list` }).click();
    const searchedRow = clientRow(panel, searched);
    await expect(searchedRow.getByRole('heading', { name: searched.name, exact: true })).toBeFocused();
    await expect(rows(panel).first()).toContainText(searched.email);
    await expect(referralsToggle(searchedRow, searched)).toHaveAttribute('aria-expanded', 'true');
    await expect(searchedRow).toContainText('No referrals yet.');
    await expect(shownStatus(panel)).toHaveText(/^Showing 51 of /);

    // A referral found by its phone typed the British way; its referrer is fetched, then the referral shown.
    const referralSearch = panel.getByLabel('Search referrals');
    const referralResults = panel.getByRole('region', { name: 'Referral search results' });
    const national = `0${phoneLead.phone.slice(3, 7)} ${phoneLead.phone.slice(7)}`;
    await referralSearch.pressSequentially(national, { delay: 30 });
    await expect(referralResults.getByRole('status')).toHaveText('1 result');
    const result = referralResults.getByRole('listitem');
    await expect(result).toContainText(phoneLead.name);
    await expect(result).toContainText(`Referred by ${phoned.name}`);
    await expect(result).toContainText('Pending');
    await result.getByRole('button', { name: `Show referral ${phoneLead.name} of ${phoned.name}` }).click();
    const phonedRow = clientRow(panel, phoned);
    const item = referralItem(phonedRow, phoned, phoneLead.name);
    await expect(item.getByRole('heading', { name: phoneLead.name })).toBeFocused();
    await expect(rows(panel).first()).toContainText(phoned.email);
    await expect(referralsToggle(phonedRow, phoned)).toHaveAccessibleName(`1 Referral of ${phoned.name}`);

    // A change there shows in the search results at once.
    await item.getByRole('button', { name: `Story Started for ${phoneLead.name}` }).click();
    await expect(item.getByRole('button', { name: `Paid Now for ${phoneLead.name}` })).toBeFocused();
    await expect(result).toContainText('Payment Due');

    // Clear All empties both.
    await panel.getByRole('button', { name: 'Clear All' }).click();
    await expect(search).toHaveValue('');
    await expect(referralSearch).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(results.getByRole('listitem')).toHaveCount(0);
    await expect(referralResults.getByRole('listitem')).toHaveCount(0);
  });

  test("Add Manual Referral's referrer is preset, required, and can be any client, found on the server", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await apiSignInAsAdmin(page.request);
    const panel = await openClientsTab(page);
    await expect(clientRow(panel, chosen)).toHaveCount(0);
    // The newest of ours, on the first page unless the files beside this one registered 50 or more since
    // (an import adds hundreds): found then with the search, and shown at the top of the list.
    if ((await clientRow(panel, newest).count()) === 0) {
      const results = panel.getByRole('region', { name: 'Client search results' });
      await panel.getByLabel('Search clients').fill(newest.lastName.toLowerCase());
      await results.getByRole('button', { name: `Show ${newest.name} in the client list` }).click();
      await expect(rows(panel).first()).toContainText(newest.email);
      await panel.getByRole('button', { name: 'Clear All' }).click();
    }
    const row = clientRow(panel, newest);

    const addButton = row.getByRole('button', { name: `Add Referral for ${newest.name}` });
    await addButton.click();
    const dialog = page.getByRole('dialog', { name: 'Add Manual Referral' });
    const referrer = dialog.getByRole('combobox', { name: 'Referrer' });
    await expect(referrer).toHaveValue(`${newest.name} (${newest.cardNumber})`);
    await expect(dialog.getByLabel('First name')).toBeFocused();
    const lastName = `picked${letters(8)}`;
    const leadName = `Rosa ${capitalise(lastName)}`;
    await dialog.getByLabel('First name').fill('rosa');
    await dialog.getByLabel('Last name').fill(lastName);
    await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'picked'));

    // No referrer: the form says so, and nothing is sent.
    await referrer.fill('');
    await dialog.getByRole('button', { name: 'Add Referral' }).click();
    await expect(errorAlert(dialog, 'Please fill in all required fields')).toBeVisible();
    await expect(referrer).toHaveAttribute('aria-invalid', 'true');

    // Another client, not loaded on the page: typed, then chosen with the arrow keys and Enter.
    await referrer.pressSequentially(chosen.lastName.toLowerCase(), { delay: 20 });
    const options = dialog.getByRole('listbox', { name: 'Clients' }).getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText(chosen.name);
    await expect(referrer).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(referrer).toHaveAttribute(
      'aria-activedescendant',
      (await options.first().getAttribute('id'))!,
    );
    await page.keyboard.press('Enter');
    await expect(referrer).toHaveValue(`${chosen.name} (${chosen.cardNumber})`);
    await expect(referrer).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();
    await expect(errorAlert(dialog, 'Please fill in all required fields')).toHaveCount(0);

    // Escape closes an open list, not the dialog, and keeps the client chosen.
    await referrer.fill(newest.lastName.toLowerCase());
    await expect(options).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(referrer).toHaveValue(`${chosen.name} (${chosen.cardNumber})`);

    await dialog.getByRole('button', { name: 'Add Referral' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${leadName} added to the referrals of ${chosen.name}`)).toBeVisible();
    await expect(addButton).toBeFocused();

    // The chosen referrer joins the list, open, counted with the new referral.
    const chosenRow = clientRow(panel, chosen);
    await expect(rows(panel).first()).toContainText(chosen.email);
    await expect(referralsToggle(chosenRow, chosen)).toHaveAccessibleName(`1 Referral of ${chosen.name}`);
    await expect(referralItem(chosenRow, chosen, leadName)).toBeVisible();
    // The row the dialog was opened from is unchanged.
    await expect(referralsToggle(row, newest)).toHaveAccessibleName(`2 Referrals of ${newest.name}`);
    const saved = await page.request.get(`/api/referrals?clientId=${chosen.id}`);
    expect(((await saved.json()) as { name: string }[]).map((r) => r.name)).toEqual([leadName]);
  });
});
