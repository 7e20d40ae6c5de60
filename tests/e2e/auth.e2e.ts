import { expect, test } from '@playwright/test';
import {
  collectConsoleErrors,
  createAccount,
  E2E_ADMIN,
  errorAlert,
  mainNav,
  openLoginPage,
  signIn,
  signInAsAdmin,
  submitLogin,
} from './support';

test.describe('signing in and out', () => {
  test('the admin signs in and lands on the dashboard', async ({ page }) => {
    await openLoginPage(page);
    await expect(page.getByRole('heading', { name: 'Smile Referrals' })).toBeVisible();

    await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    // The shell shows who is signed in.
    await expect(page.getByText(E2E_ADMIN.email, { exact: true })).toBeVisible();
  });

  test('a wrong password shows a red alert and stays on the login page', async ({
    page,
    request,
  }, testInfo) => {
    // A fresh account, so the failure counts against nobody else's sign-in limit.
    const account = await createAccount(request, testInfo);
    await openLoginPage(page);

    await submitLogin(page, account.email, 'Not-the-password-1');

    const alert = errorAlert(page, 'Invalid username or password');
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute('data-variant', 'destructive');
    // Red: the computed text colour (Tailwind writes it in lab(), so let a canvas turn it into RGB).
    const [r, g, b] = await alert.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    });
    expect(r! > 120 && r! > 2 * g! && r! > 2 * b!, `alert colour rgb(${r}, ${g}, ${b}) should be red`).toBe(
      true,
    );

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // The username is kept for another try.
    await expect(page.getByLabel('Username')).toHaveValue(account.email);
  });

  test('signing out through the sidebar returns to the login page and ends the session', async ({ page }) => {
    await signInAsAdmin(page);

    await page.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(
      (await page.context().cookies()).filter((c) => c.name.endsWith('next-auth.session-token')),
    ).toEqual([]);

    // The dashboard is protected again.
    await page.goto('/');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('callbackUrl') === '/',
    );
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a copy of the session cookie is of no use after signing out (the session ends on the server)', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    const account = await createAccount(request, testInfo);
    await signIn(page, account);
    const copied = (await page.context().cookies()).filter((c) => c.name.endsWith('next-auth.session-token'));
    expect(copied).toHaveLength(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    // Someone who kept the cookie puts it back into a browser of their own.
    const replay = await browser.newContext();
    try {
      await replay.addCookies(copied);
      const other = await replay.newPage();
      await other.goto('/settings');
      await expect(other).toHaveURL((url) => url.pathname === '/login');
      await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
      const api = await other.request.get('/api/user');
      expect(api.status()).toBe(401);
    } finally {
      await replay.close();
    }
  });

  test('a protected page sends a signed-out visitor to the login page and back after signing in', async ({
    page,
  }) => {
    await page.goto('/settings');

    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('callbackUrl') === '/settings',
    );
    await signIn(page, E2E_ADMIN, { expectPath: '/settings' });
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  for (const path of ['/', '/referral-reward-card-dashboard', '/team-reviews', '/practice-records']) {
    test(`${path} is protected`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/login' && url.searchParams.get('callbackUrl') === path,
      );
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  }

  test('the session cookie is httpOnly and not readable by scripts', async ({ page }) => {
    await signInAsAdmin(page);

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith('next-auth.session-token'));
    expect(session, `cookies: ${cookies.map((c) => c.name).join(', ')}`).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe('Lax');
    expect(session!.path).toBe('/');
    expect(await page.evaluate(() => document.cookie)).not.toContain('session-token');
  });

  test('the login page logs no console errors, loading or signing in', async ({ page }) => {
    const errors = collectConsoleErrors(page);

    await openLoginPage(page);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();

    expect(errors).toEqual([]);
  });

  test('a sign-in sent before the page script runs never puts the password in the address', async ({
    browser,
  }) => {
    // Without JavaScript the form is submitted by the browser itself, as it is on a slow phone before hydration.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Username').fill('nobody@clinic.test');
      await page.getByLabel('Password').fill('Secret-in-the-url-1');
      const navigation = page.waitForRequest((req) => req.isNavigationRequest());
      await page.getByRole('button', { name: 'Sign In' }).click();
      const sent = await navigation;
      expect(sent.url()).not.toContain('Secret-in-the-url-1');
      await page.waitForLoadState();
      expect(page.url()).not.toContain('Secret-in-the-url-1');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
