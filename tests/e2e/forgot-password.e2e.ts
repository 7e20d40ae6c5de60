import { expect, test, type Page } from '@playwright/test';
import { E2E_MAILS_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './a11y-support';
import { createAccount, openLoginPage, removeAccount, submitLogin, waitForHydration } from './support';

/**
 * A forgotten password (issue 31, point 2), in the built app with a real SMTP server (tests/e2e/mail-catcher.ts):
 * from the login page's "Forgot password?" to the emailed link, a new password, and signing in with it; the
 * link then says it was used. axe on the forgot-password page, the reset form and the used link's page.
 */

const RESET_SUBJECT = 'Reset your Smile Referrals password';

interface Mail {
  to: string[];
  subject: string;
  html: string;
}

/** The reset link emailed to `address`, once it has arrived (its path: the email names APP_URL's host). */
async function emailedResetLink(page: Page, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${E2E_MAILS_URL}?to=${encodeURIComponent(address)}`);
        const mails = ((await res.json()) as Mail[]).filter((m) => m.subject === RESET_SUBJECT);
        link = mails
          .map((m) => /href="(https?:\/\/[^"]+\/reset-password\/[\w-]{43})"/.exec(m.html)?.[1])
          .find(Boolean);
        return Boolean(link);
      },
      { timeout: 20_000, message: 'waiting for the password reset email' },
    )
    .toBe(true);
  return new URL(link!).pathname;
}

test('a forgotten password: from the login page to the emailed link, a new password, and signing in', async ({
  page,
  request,
}, testInfo) => {
  const account = await createAccount(request, testInfo, { tag: 'forgot' });
  const newPassword = `Brand-new-${Math.random().toString(36).slice(2, 10)}`;

  await openLoginPage(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Email me a link' });
  await waitForHydration(send);
  await expectNoSeriousViolations(page, 'the forgot-password page');

  // Checked in the browser first, with the schema the route parses with.
  await send.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email address').fill(`  ${account.email.toUpperCase()} `);
  await send.click();
  const sent = page.getByRole('status').filter({ hasText: 'If an account uses this email address' });
  await expect(sent).toContainText(
    'If an account uses this email address, we have sent it a link to choose a new password. The link works for 30 minutes.',
  );
  await expectNoSeriousViolations(page, 'the forgot-password page, link sent');

  const linkPath = await emailedResetLink(page, account.email);
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  const save = page.getByRole('button', { name: 'Set new password' });
  await waitForHydration(save);
  await expectNoSeriousViolations(page, 'the reset-password form');

  // The spec's messages, in its order: the passwords must match, then be long enough.
  const newField = page.getByLabel('New password', { exact: true });
  const confirmField = page.getByLabel('Confirm new password');
  await newField.fill('short');
  await confirmField.fill('other');
  await save.click();
  await expect(page.getByText("New passwords don't match")).toBeVisible();
  await confirmField.fill('short');
  await save.click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expectNoSeriousViolations(page, 'the reset-password form, refused');

  await newField.fill(newPassword);
  await confirmField.fill(newPassword);
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await waitForHydration(page.getByRole('button', { name: 'Sign In' }));
  await submitLogin(page, account.email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // The old password no longer signs in.
  const old = await request.post('/api/login', {
    data: { username: account.email, password: account.password },
  });
  expect(old.status()).toBe(401);

  // The link worked once: opened again, its page says so, with a way to ask for a new one.
  await page.goto(linkPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link has already been used' }),
  ).toBeVisible();
  await expect(page.getByText('This link has already been used to choose a new password.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expectNoSeriousViolations(page, 'the used link’s page');

  await removeAccount(request, account);
});
