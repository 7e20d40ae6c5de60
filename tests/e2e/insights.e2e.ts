import { expect, test, type APIRequestContext, type Locator, type TestInfo } from '@playwright/test';
import { currentUkMonth } from '../../lib/uk-time';
import { expectNoSeriousViolations } from './a11y-support';
import { downloadCsv } from './csv-support';
import {
  apiSignInAsAdmin,
  card,
  createAccount,
  mainNav,
  removeAccount,
  signIn,
  uniqueEmail,
} from './support';

/**
 * The owner's Insights (issue 20) at laptop size, on the real server and database. Other tests write to the
 * same database at the same time, so the checks are on what this test made (its client among the top
 * referrers, its leads in this month) and on the page agreeing with itself: a chart's table and its CSV come
 * from the same answer.
 */

const MONTH_SHORT = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const thisMonth = () => {
  const { year, month } = currentUkMonth();
  return MONTH_SHORT.format(new Date(Date.UTC(year, month - 1, 1)));
};

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A client with `leads` manual referrals this month, `started` of them at Story Started and one paid. */
async function busyReferrer(request: APIRequestContext, testInfo: TestInfo, leads: number, started: number) {
  const lastName = `Insight${letters(8)}`;
  const res = await request.post('/api/admin/clients', {
    data: { firstName: 'Olivia', lastName, email: uniqueEmail(testInfo, 'insights') },
  });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string };
  const referralIds: string[] = [];
  for (let i = 0; i < leads; i++) {
    const lead = await request.post('/api/leads', {
      data: {
        firstName: 'Friend',
        lastName: `${lastName}${letters(3)}`,
        email: uniqueEmail(testInfo, `friend${i}`),
        source: 'Manual Entry',
        referrerId: client.id,
      },
    });
    expect(lead.status(), await lead.text()).toBe(201);
    referralIds.push(((await lead.json()) as { referralId: string }).referralId);
  }
  for (const id of referralIds.slice(0, started)) {
    const story = await request.patch(`/api/referrals/${id}`, {
      data: { status: 'Payment Due', rewardAmount: 75 },
    });
    expect(story.status(), await story.text()).toBe(200);
  }
  const paid = await request.post(`/api/referrals/${referralIds[0]}/payment`);
  expect(paid.status(), await paid.text()).toBe(200);
  return { name: `Olivia ${lastName}` };
}

/** The body rows of a card's table, each as its cells' text. */
async function tableRows(card: Locator): Promise<string[][]> {
  return card
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

test('the owner reads the programme: funnel, months, rewards, referrers; a chart as a table and a CSV; the period in the URL', async ({
  page,
}, testInfo) => {
  // Fourteen referrals set up through the API, then the page read in full with axe twice: on a loaded 2-core CI
  // machine that passes 30 s.
  test.setTimeout(90_000);
  await apiSignInAsAdmin(page.request);
  const referrer = await busyReferrer(page.request, testInfo, 14, 3);
  // The page shares the request's cookies: it is signed in already.
  await page.goto('/');

  await mainNav(page).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  const period = page.getByRole('group', { name: 'Period' });
  await expect(period.getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');

  // Every chart is a figure with a name that says what it shows.
  for (const name of [
    /^Referral funnel: Leads \d/,
    /^Leads and Story Started by month/,
    /^Rewards by month/,
  ]) {
    await expect(page.getByRole('img', { name })).toBeVisible();
  }

  // The top referrers: this test's client, with its fourteen referrals, three started, one reward of £75 paid.
  const referrers = card(page, 'Top referrers');
  const row = referrers.getByRole('row').filter({ hasText: referrer.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([referrer.name, /^SC-/, '14', '3', '£75']);

  // A chart as a table: one row per month, this month last, holding at least this test's leads.
  const leads = card(page, 'Leads and Story Started');
  await leads.getByRole('button', { name: 'Show as table' }).click();
  await expect(leads.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');
  await expect(leads.getByRole('img')).toHaveCount(0);
  const shown = await tableRows(leads);
  expect(shown).toHaveLength(12);
  expect(shown.at(-1)![0]).toBe(thisMonth());
  expect(Number(shown.at(-1)![1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(14);
  await expectNoSeriousViolations(page, 'insights, a chart shown as a table');

  // The CSV of the chart holds what the table shows, month by month.
  const { download, rows } = await downloadCsv(page, leads.getByRole('button', { name: /CSV/ }));
  expect(download.suggestedFilename()).toMatch(/^leads-and-story-started-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  expect(rows[0]).toEqual(['Month', 'Leads', 'Contacted', 'Story Started']);
  expect(rows.slice(1).map((r) => r.slice(1))).toEqual(
    shown.map((r) => r.slice(1).map((c) => c.replace(/,/g, ''))),
  );

  // The period: three months, kept in the address across a reload.
  await period.getByRole('button', { name: '3 months' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('months') === '3');
  await expect(leads.locator('tbody tr')).toHaveCount(3);
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '3 months' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /^Leads and Story Started by month/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'insights, three months as charts');
});

test('a member of staff who is not a full admin sees no Insights', async ({ page }, testInfo) => {
  await apiSignInAsAdmin(page.request);
  const account = await createAccount(page.request, testInfo, { isFullAdmin: false });
  try {
    await page.context().clearCookies();
    await signIn(page, account);
    await expect(mainNav(page).getByRole('link', { name: 'Insights' })).toHaveCount(0);
    await page.goto('/insights');
    await expect(page.getByText('Only a full admin can see the programme’s figures.')).toBeVisible();
    const api = await page.request.get('/api/insights');
    expect(api.status()).toBe(403);
  } finally {
    await page.context().clearCookies();
    await apiSignInAsAdmin(page.request);
    await removeAccount(page.request, account);
  }
});
