/**
 * Issue 31, point 3: passkeys in Chromium with its virtual authenticator (CDP WebAuthn domain). A fresh account
 * signs in with its password, adds a passkey named 'Laptop' on Settings → Security (the recovery codes shown
 * once), signs out and signs in with the passkey alone ('Use a passkey' under the login form); then with its password and
 * the passkey as the second step ('Use a passkey'). Axe on the Security page with the passkey listed.
 *
 * WebAuthn accepts localhost but not an IP address, so this spec opens the app at E2E_APP_URL
 * (http://localhost:PORT), which is also the server's APP_URL: the relying party id is 'localhost'.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_APP_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './a11y-support';
import { card, createAccount, removeAccount, signIn, waitForHydration, type Account } from './support';

test.use({ baseURL: E2E_APP_URL });
// Three sign-ins, two axe runs and a ceremony each way: longer than one page's test.
test.setTimeout(120_000);

/** A platform authenticator with resident keys that verifies its user at once (a fingerprint that always works). */
async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

async function signOut(page: Page): Promise<void> {
  const res = await page.request.post('/api/logout');
  expect(res.status()).toBe(200);
  await page.goto('/login');
  await waitForHydration(page.getByRole('button', { name: 'Sign In' }));
}

let account: Account;

test.beforeEach(async ({ request }, testInfo) => {
  account = await createAccount(request, testInfo, { tag: 'passkey' });
});

test.afterEach(async ({ request }) => {
  await removeAccount(request, account);
});

test('add a passkey on Settings → Security, then sign in with it alone and as the second step', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  await signIn(page, account);

  // Settings → Security: no passkey yet; add one named 'Laptop'.
  await page.goto('/settings/security');
  const passkeys = card(page, 'Passkeys');
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  const add = passkeys.getByRole('button', { name: 'Add a passkey' });
  await waitForHydration(add);
  await expect(add).toBeEnabled();
  await passkeys.getByLabel('Name (optional)').fill('Laptop');
  await add.click();

  await expect(passkeys.getByRole('status').filter({ hasText: 'Passkey ‘Laptop’ added.' })).toBeVisible();
  const list = passkeys.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('button', { name: 'Rename Laptop' })).toBeVisible();
  await expect(list).toContainText('Not used yet');
  // The first second factor: the recovery codes, shown once.
  await expect(passkeys.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousViolations(
    page,
    'Settings → Security with a passkey listed and the recovery codes shown',
  );

  // Rename it in place, and back.
  await list.getByRole('button', { name: 'Rename Laptop' }).click();
  await list.getByLabel('New name').fill('Work laptop');
  await list.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByRole('button', { name: 'Rename Work laptop' })).toBeFocused();
  await list.getByRole('button', { name: 'Rename Work laptop' }).click();
  await list.getByLabel('New name').fill('Laptop');
  await list.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByRole('button', { name: 'Rename Laptop' })).toBeVisible();

  // Signed out, the passkey alone signs in.
  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Its last use is shown.
  await page.goto('/settings/security');
  await expect(card(page, 'Passkeys').getByRole('list', { name: 'Your passkeys' })).toContainText(
    'Last used',
  );
  await expectNoSeriousViolations(page, 'Settings → Security with a used passkey');

  // The password now asks for a second step, which the passkey completes.
  await signOut(page);
  await page.getByLabel('Username').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const user = await page.request.get('/api/user');
  expect(await user.json()).toEqual({ email: account.email, permissions: { isFullAdmin: false } });
});
