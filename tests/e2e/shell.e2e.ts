import { expect, test, type Page } from '@playwright/test';
import {
  collectConsoleErrors,
  createAccount,
  mainNav,
  removeAccount,
  signIn,
  signInAsAdmin,
  type Account,
} from './support';

const CLIENTS_TAB = /^Clients & Referrals \(\d+\)$/;

async function expectTabs(page: Page, names: (string | RegExp)[]): Promise<void> {
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveText(names);
}

test.describe('what each role sees', () => {
  let staff: Account;

  test.beforeEach(async ({ request }, testInfo) => {
    staff = await createAccount(request, testInfo);
  });

  test.afterEach(async ({ request }) => {
    await removeAccount(request, staff);
  });

  test('dashboard: a full admin has 3 tabs, other staff 2 (no Payments & Reporting)', async ({
    browser,
    page,
  }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
    await expectTabs(page, ['Add Client', CLIENTS_TAB, 'Payments & Reporting']);
    await expect(page.getByRole('tab', { name: 'Add Client' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Payments & Reporting' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Outstanding Payments Alert');

    const staffContext = await browser.newContext();
    try {
      const staffPage = await staffContext.newPage();
      await signIn(staffPage, staff);
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
      await expectTabs(staffPage, ['Add Client', CLIENTS_TAB]);
      await expect(staffPage.getByRole('tab', { name: 'Payments & Reporting' })).toHaveCount(0);
      await expect(staffPage.getByText('Staff', { exact: true })).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });

  test('team reviews: a full admin has 4 tabs, other staff 2', async ({ browser, page }) => {
    await signInAsAdmin(page);
    await page.goto('/team-reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
    await expectTabs(page, [
      'Team Members',
      'Verify Reviews',
      'Scan Tracking & Leaderboard',
      'Bonus Payments',
    ]);
    await page.getByRole('tab', { name: 'Verify Reviews' }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Pending Scans' })).toBeVisible();

    const staffContext = await browser.newContext();
    try {
      const staffPage = await staffContext.newPage();
      await signIn(staffPage, staff);
      await staffPage.goto('/team-reviews');
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
      await expectTabs(staffPage, ['Team Members', 'Scan Tracking & Leaderboard']);
      await staffPage.getByRole('tab', { name: 'Scan Tracking & Leaderboard' }).click();
      await expect(
        staffPage.getByRole('tabpanel').getByRole('heading', { name: 'Scan Tracking', exact: true }),
      ).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });
});

test.describe('the staff shell', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('the sidebar links navigate and mark the current page', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const nav = mainNav(page);
    const home = nav.getByRole('link', { name: 'Referral Reward Card' });
    const reviews = nav.getByRole('link', { name: /^Team Reviews/ });
    const settings = nav.getByRole('link', { name: 'Settings' });
    // A full admin also has Messages (issue 17) and Insights (issue 20).
    const messages = nav.getByRole('link', { name: 'Messages' });
    const insights = nav.getByRole('link', { name: 'Insights' });
    // Issue 34: Started treatment, the practice records' proposals, for any member of staff.
    const started = nav.getByRole('link', { name: 'Started treatment' });
    await expect(nav.getByRole('link')).toHaveCount(6);

    const expectCurrent = async (current: typeof home) => {
      for (const link of [home, started, reviews, insights, messages, settings]) {
        if (link === current) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current');
      }
    };

    await expectCurrent(home);

    await started.click();
    await expect(page).toHaveURL((url) => url.pathname === '/practice-records');
    await expect(page.getByRole('heading', { level: 1, name: 'Started treatment?' })).toBeVisible();
    await expectCurrent(started);

    await reviews.click();
    await expect(page).toHaveURL((url) => url.pathname === '/team-reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
    await expectCurrent(reviews);

    await insights.click();
    await expect(page).toHaveURL((url) => url.pathname === '/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expectCurrent(insights);

    await messages.click();
    await expect(page).toHaveURL((url) => url.pathname === '/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expectCurrent(messages);

    await settings.click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectCurrent(settings);

    await home.click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
    await expectCurrent(home);

    // The dashboard's long address is the same page.
    await page.goto('/referral-reward-card-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
    await expectCurrent(home);

    // None of the staff pages logs an error.
    expect(errors).toEqual([]);
  });

  test("Team Reviews works: no 'Coming Soon' badge in the menu or on its page (issue 18)", async ({
    page,
  }) => {
    const reviews = mainNav(page).getByRole('link', { name: 'Team Reviews', exact: true });
    await expect(reviews).toBeVisible();
    await expect(mainNav(page).getByText('Coming Soon')).toHaveCount(0);
    await reviews.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Coming Soon')).toHaveCount(0);
  });

  test('an unknown address shows the 404 page, whose link goes home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

    await page.getByRole('link', { name: 'Go to the home page' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
  });
});

test.describe('responses', () => {
  test('the 404 page is served to signed-out visitors too, and never leads them to the staff login', async ({
    page,
  }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCount(0);
    await expect(page.locator('a[href="/"], a[href^="/login"]')).toHaveCount(0);
  });

  for (const [what, path, status] of [
    ['the login page', '/login', 200],
    ['a protected page (redirect)', '/settings', 307],
    ['an unknown page', '/no-such-page', 404],
    ['an API call', '/api/user', 401],
  ] as const) {
    test(`security headers are sent on ${what}`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(status);
      const headers = res.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBeTruthy();
      expect(headers['x-powered-by']).toBeUndefined();
    });
  }
});
