/**
 * Issue 31: the authenticator app end to end. A fresh account sets it up on Settings → Security, reading the
 * key FROM THE PAGE and making codes with otplib as a phone would; saves the recovery codes shown once; signs
 * out and in again with password + code (a wrong code first), then with a recovery code. axe on the Security
 * page before, during and after set-up, and on the login page's second step.
 */
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousViolations } from './a11y-support';
import {
  card,
  createAccount,
  errorAlert,
  openLoginPage,
  removeAccount,
  signIn,
  submitLogin,
  waitForHydration,
} from './support';

/** A code of the app `steps` steps of 30 s from now (the server accepts now ± 1 step, each step once). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}

test('set up the authenticator app from the page, then sign in with a code and with a recovery code', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await createAccount(request, testInfo, { tag: 'totp' });
  try {
    await signIn(page, account);
    await openSecurity(page);
    const app = card(page, 'Authenticator app');
    const recovery = card(page, 'Recovery codes');
    await expect(app).toContainText('Not set up.');
    await expect(recovery).toContainText('You get 10 recovery codes when you set up');
    await expectNoSeriousViolations(page, 'Security page, no second factor');

    // Set up: the QR code, and the key to type by hand, read from the page.
    await waitForHydration(app.getByRole('button', { name: 'Set up' }));
    await app.getByRole('button', { name: 'Set up' }).click();
    await expect(app.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
    await expect(app.getByRole('img', { name: /QR code for the authenticator app/ })).toBeVisible();
    const shown = (await app.locator('#totp-secret').textContent()) ?? '';
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = shown.replace(/\s/g, '');
    await expectNoSeriousViolations(page, 'Security page, setting up the authenticator app');

    // A wrong code first: said on the field, nothing set up.
    const codeField = app.getByLabel('Code from your authenticator app');
    await codeField.fill('000000');
    await app.getByRole('button', { name: 'Confirm' }).click();
    await expect(errorAlert(app, 'That code is not right')).toBeVisible();
    await expect(codeField).toBeFocused();

    await codeField.fill(await codeAt(secret));
    await app.getByRole('button', { name: 'Confirm' }).click();
    await expect(app.getByText('The authenticator app is set up.')).toBeVisible();
    const codes = app.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const saved = (await codes.allTextContents()).map((c) => c.trim());
    for (const code of saved) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await expect(app.getByRole('button', { name: 'Download (.txt)' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Security page, recovery codes shown once');
    await app.getByRole('button', { name: 'I have saved them' }).click();
    await expect(app).toContainText(/Set up on/);
    await expect(recovery).toContainText('10 of 10 left.');
    await expectNoSeriousViolations(page, 'Security page, authenticator app set up');

    // Signing in now takes the password and a code.
    await signOut(page);
    await openLoginPage(page);
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    const loginCode = page.getByLabel('Code from your authenticator app');
    await expect(loginCode).toBeFocused();
    await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(loginCode).toHaveAttribute('inputmode', 'numeric');
    await expectNoSeriousViolations(page, 'login, the second step');

    await loginCode.fill('000000');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(errorAlert(page, 'That code is not right. Check your authenticator app')).toBeVisible();
    await expect(loginCode).toBeFocused();
    await expectNoSeriousViolations(page, 'login, the second step after a wrong code');
    // The confirming code's step is used up: the next step's code (accepted, as a phone a little ahead).
    await loginCode.fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    // And with a recovery code instead.
    await signOut(page);
    await openLoginPage(page);
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recoveryField = page.getByLabel('Recovery code');
    await expect(recoveryField).toBeFocused();
    await expectNoSeriousViolations(page, 'login, the second step with a recovery code');
    await recoveryField.fill(saved[0]!.toUpperCase());
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await openSecurity(page);
    await expect(card(page, 'Recovery codes')).toContainText('9 of 10 left.');

    // The same recovery code does not work twice; Back returns to the password step.
    await signOut(page);
    await openLoginPage(page);
    await submitLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(saved[0]!);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      errorAlert(page, 'That recovery code is not right, or it has been used already.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Password')).toBeFocused();
    await expect(page.getByLabel('Username')).toHaveValue(account.email);
  } finally {
    await removeAccount(request, account);
  }
});
