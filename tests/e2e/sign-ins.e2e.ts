/**
 * Issue 31, point 5: the sign-in record on Settings → Security. A fresh account sees its sign-in and this
 * session, and signs out a session it started in another browser (which lands on the login page next); a full
 * admin sees the clinic's sign-ins and the account audit; axe on the page as a full admin sees it.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './a11y-support';
import { apiSignInAsAdmin, card, createAccount, E2E_ADMIN, removeAccount, waitForHydration } from './support';

/** Signs in through the login page with a password (the page also offers a passkey: the button's exact name). */
async function signIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await waitForHydration(submit);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

// Two browsers, two accounts and several page loads each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
}

const sessionsList = (page: Page) => page.getByRole('list', { name: 'Your sessions, newest first' });
const signInsList = (page: Page) => page.getByRole('list', { name: 'Your sign-ins, newest first' });

test('a fresh account sees its sign-in and this session, and signs out its other browser', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const account = await createAccount(request, testInfo);
  try {
    await signIn(page, account);
    await openSecurity(page);
    await expect(card(page, 'Your sessions')).toBeVisible();
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);
    await expect(sessionsList(page).getByRole('listitem').first()).toContainText('This browser');
    await expect(signInsList(page).getByRole('listitem')).toHaveCount(1);
    await expect(signInsList(page).getByRole('listitem').first()).toContainText('Password');
    await expect(signInsList(page)).not.toContainText('New browser');

    // A second browser (no cookies of the first): a new browser to the account.
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await signIn(second, account);

      await openSecurity(page);
      const rows = sessionsList(page).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(signInsList(page).getByRole('listitem').first()).toContainText('New browser');
      const otherRow = rows.filter({ hasNotText: 'This browser' });
      await otherRow.getByRole('button', { name: /^Sign out/ }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('This browser');

      // The other browser is signed out: its next page is the login page.
      await second.goto('/settings/security');
      await expect(second).toHaveURL((url) => url.pathname === '/login');
    } finally {
      await other.close();
    }
    // This one carries on.
    await openSecurity(page);
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);
    // Staff do not see the clinic's sign-ins or the audit.
    await expect(page.getByRole('heading', { name: 'Sign-ins across the clinic' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Account audit' })).toHaveCount(0);
  } finally {
    await removeAccount(request, account);
  }
});

test("a full admin sees the clinic's sign-ins and the account audit; axe on the page", async ({
  page,
  playwright,
  request,
}, testInfo) => {
  const account = await createAccount(request, testInfo);
  try {
    // The account signs in elsewhere; a full admin then signs it out everywhere (an audit entry).
    const elsewhere = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const login = await elsewhere.post('/api/login', {
      data: { username: account.email, password: account.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    await elsewhere.dispose();
    await apiSignInAsAdmin(request);
    const ended = await request.delete(`/api/admin/users/${account.id}/sessions`);
    expect(ended.status(), await ended.text()).toBe(200);

    await signIn(page, E2E_ADMIN);
    await openSecurity(page);
    const clinic = page.getByRole('region', { name: 'Sign-ins across the clinic' });
    await expect(clinic.getByRole('list', { name: /newest first/ })).toContainText(account.email);
    await expect(clinic.getByRole('status')).toContainText(/Showing \d+ of \d+ sign-ins/);
    const audit = page.getByRole('region', { name: 'Account audit' });
    const entry = audit.getByRole('listitem').filter({ hasText: account.email }).first();
    await expect(entry).toContainText('Signed out everywhere');
    await expect(entry).toContainText('1 session signed out.');
    await expectNoSeriousViolations(page, 'Settings → Security (full admin)');
  } finally {
    await removeAccount(request, account);
  }
});
