/**
 * Issue 14, access (points 1, 2 and 5), against the real production server as `npm start` runs it.
 */
import { expect, test } from '@playwright/test';
import { E2E_APP_URL, E2E_BASE_URL } from '../../playwright.config';
import {
  createAccount,
  E2E_ADMIN,
  loopbackAddress,
  openLoginPage,
  requestFrom,
  signIn,
  signInAsAdmin,
  submitLogin,
} from './support';

/** A wrong-password POST /api/login from `from` (a loopback address of the test's own: support.ts). */
async function login(from: string, headers: Record<string, string>, username: string): Promise<number> {
  const res = await requestFrom(from, 'POST', '/api/login', {
    headers,
    body: { username, password: 'not-the-password' },
  });
  return res.status;
}

const madeUp = (i: number) => `${(i % 200) + 11}.${(i * 7) % 256}.${(i * 13) % 256}.${(i % 250) + 1}`;

test.describe('issue 14 point 1: the per-address limits use the connection, not what the caller writes', () => {
  test('a made-up X-Forwarded-For on every sign-in attempt is limited anyway', async () => {
    const from = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push(
        await login(
          from,
          {
            'x-forwarded-for': madeUp(i),
            'x-real-ip': madeUp(i + 1),
            forwarded: `for=${madeUp(i + 2)}`,
          },
          `nobody-${i}-${Date.now()}@clinic.test`, // a new account each time: only the address limit applies
        ),
      );
    }
    // 20 wrong passwords per address in 15 minutes (lib/services/login.ts), then 429 whatever the header says.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));

    // The limit is the address's: another address still gets an honest answer.
    const other = loopbackAddress();
    expect(await login(other, { 'x-forwarded-for': madeUp(99) }, `nobody-x-${Date.now()}@clinic.test`)).toBe(
      401,
    );
  });
});

test.describe('issue 14 point 2: after signing in, only pages of this site', () => {
  const crafted = [
    '/%09/evil.example',
    '/%0D/x',
    '/.//evil.example',
    '/%5Cevil.example',
    'https://evil.example/',
  ];

  test('a signed-in visit to the login page with a crafted callbackUrl stays on this site, never a 500', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    for (const callbackUrl of crafted) {
      const res = await page.goto(`/login?callbackUrl=${callbackUrl}`);
      expect(res?.status(), callbackUrl).toBeLessThan(500);
      const url = new URL(page.url());
      expect(url.origin, callbackUrl).toBe(E2E_BASE_URL);
      expect(url.pathname, callbackUrl).toBe('/');
    }
    // A real page of this site is still where it goes.
    await page.goto('/login?callbackUrl=%2Fsettings');
    await expect(page).toHaveURL(`${E2E_BASE_URL}/settings`);
  });

  test('signing in through the form with a crafted callbackUrl lands on this site', async ({ page }) => {
    await openLoginPage(page, '/\t/evil.example');
    await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  });
});

test.describe('issue 14 point 5: links come from APP_URL only', () => {
  test('a full admin is told that APP_URL is not set; other staff are not', async ({
    browser,
    request,
  }, testInfo) => {
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const banner = admin.getByRole('alert').filter({ hasText: 'APP_URL is not set' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`printed QR codes would point to ${E2E_APP_URL}`);
    await admin.goto('/settings');
    await expect(banner).toBeVisible();
    await admin.close();

    const account = await createAccount(request, testInfo);
    const staff = await browser.newPage();
    await signIn(staff, account);
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(staff.getByText('APP_URL is not set')).toHaveCount(0);
    await staff.close();
  });
});
