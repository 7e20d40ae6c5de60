import { expect, test, type Page } from '@playwright/test';
import {
  apiSignInAsAdmin,
  card,
  createAccount,
  errorAlert,
  removeAccount,
  signIn,
  signInAsAdmin,
  submitLogin,
  uniqueEmail,
  waitForHydration,
  openLoginPage,
  type Account,
} from './support';

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // The cards are client components: wait until they react to input.
  await waitForHydration(page.getByRole('button', { name: 'Change Password' }));
}

test.describe('amount settings (full admin)', () => {
  // Only this test edits the team bonus amount (shared state); it puts the original back afterwards.
  let original: number | undefined;

  test.afterEach(async ({ request }) => {
    if (original === undefined) return;
    await apiSignInAsAdmin(request);
    const res = await request.patch('/api/settings', { data: { teamBonusAmount: original } });
    expect(res.status(), await res.text()).toBe(200);
  });

  test('the team bonus amount: unsaved changes, reset, validation, save and persistence', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openSettings(page);

    const bonus = card(page, 'Team Bonus Amount');
    const input = bonus.getByLabel('Team bonus amount (£)');
    const save = bonus.getByRole('button', { name: 'Save' });
    const reset = bonus.getByRole('button', { name: 'Reset' });
    const unsaved = bonus.getByText('Unsaved changes');

    await expect(input).toBeVisible();
    original = Number(await input.inputValue());
    expect(Number.isInteger(original) && original >= 1, `current amount ${original}`).toBe(true);
    await expect(bonus).toContainText(`Current amount: £${original.toLocaleString('en-GB')}`);
    await expect(unsaved).toBeHidden();
    await expect(save).toBeDisabled();
    await expect(reset).toBeDisabled();

    // Editing marks the card dirty and allows saving.
    const changed = original + 7;
    await input.fill(String(changed));
    await expect(unsaved).toBeVisible();
    await expect(save).toBeEnabled();
    // ...only this card.
    await expect(card(page, 'Referral Reward Amount').getByText('Unsaved changes')).toBeHidden();

    // Reset puts the saved value back.
    await reset.click();
    await expect(input).toHaveValue(String(original));
    await expect(unsaved).toBeHidden();
    await expect(save).toBeDisabled();

    // Only whole pounds of at least 1 can be saved, and only when changed.
    for (const invalid of ['0', '1.5', '-3', '']) {
      await input.fill(invalid);
      await expect(save, `Save with "${invalid}"`).toBeDisabled();
    }
    await input.fill(String(original));
    await expect(save, 'Save with the unchanged value').toBeDisabled();

    // Saving.
    await input.fill(String(changed));
    await save.click();
    await expect(page.getByText('Team bonus amount saved')).toBeVisible();
    await expect(unsaved).toBeHidden();
    await expect(save).toBeDisabled();
    await expect(bonus).toContainText(`Current amount: £${changed.toLocaleString('en-GB')}`);

    // It persists.
    await page.reload();
    await expect(card(page, 'Team Bonus Amount').getByLabel('Team bonus amount (£)')).toHaveValue(
      String(changed),
    );
    await expect(card(page, 'Team Bonus Amount')).toContainText(
      `Current amount: £${changed.toLocaleString('en-GB')}`,
    );

    // Put it back through the page as well (afterEach makes sure even if this fails).
    await waitForHydration(card(page, 'Team Bonus Amount').getByRole('button', { name: 'Save' }));
    await card(page, 'Team Bonus Amount').getByLabel('Team bonus amount (£)').fill(String(original));
    await card(page, 'Team Bonus Amount').getByRole('button', { name: 'Save' }).click();
    await expect(card(page, 'Team Bonus Amount')).toContainText(
      `Current amount: £${original.toLocaleString('en-GB')}`,
    );
  });
});

test.describe('settings for staff who are not full admins', () => {
  let staff: Account;

  test.beforeEach(async ({ request }, testInfo) => {
    staff = await createAccount(request, testInfo);
  });

  test.afterEach(async ({ request }) => {
    await removeAccount(request, staff);
  });

  // Issue 29, point 14: the 'Additional Settings – Coming soon...' card is gone.
  test('only Password Management is shown', async ({ page }) => {
    await signIn(page, staff);
    await openSettings(page);

    await expect(page.getByRole('heading', { name: 'Password Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Additional Settings' })).toHaveCount(0);
    await expect(page.getByText('Coming soon...', { exact: true })).toHaveCount(0);

    await expect(page.getByRole('heading', { name: 'Referral Reward Amount' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Team Bonus Amount' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Staff Accounts' })).toHaveCount(0);
    await expect(page.getByLabel('Referral reward amount (£)')).toHaveCount(0);
    await expect(page.getByLabel('Team bonus amount (£)')).toHaveCount(0);
  });

  test('the full admin sees every card', async ({ page }) => {
    await signInAsAdmin(page);
    await openSettings(page);
    for (const heading of [
      'Referral Reward Amount',
      'Team Bonus Amount',
      'Password Management',
      'Staff Accounts',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Additional Settings' })).toHaveCount(0);
    await expect(page.getByText('Coming soon...', { exact: true })).toHaveCount(0);
  });

  test('changing the password: validation, wrong current password, success, then the new one signs in', async ({
    page,
  }) => {
    const newPassword = `New-pass-${Date.now()}`;
    await signIn(page, staff);
    await openSettings(page);

    const passwordCard = card(page, 'Password Management');
    const current = passwordCard.getByLabel('Current password');
    const next = passwordCard.getByLabel('New password', { exact: true });
    const confirm = passwordCard.getByLabel('Confirm new password');
    const submit = passwordCard.getByRole('button', { name: 'Change Password' });

    // Every field is required.
    await expect(submit).toBeDisabled();
    await current.fill(staff.password);
    await next.fill(newPassword);
    await expect(submit).toBeDisabled();

    // The confirmation must match.
    await confirm.fill(`${newPassword}-typo`);
    await submit.click();
    await expect(errorAlert(passwordCard, "New passwords don't match")).toBeVisible();

    // At least 8 characters.
    await next.fill('short');
    await confirm.fill('short');
    await submit.click();
    await expect(errorAlert(passwordCard, 'Password must be at least 8 characters long')).toBeVisible();
    await expect(errorAlert(passwordCard, "New passwords don't match")).toHaveCount(0);

    // The server checks the current password.
    await current.fill('Not-my-password-1');
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(errorAlert(passwordCard, 'Current password is incorrect')).toBeVisible();

    // Success.
    await current.fill(staff.password);
    await submit.click();
    await expect(passwordCard.getByRole('status')).toHaveText('Password changed successfully!');
    await expect(passwordCard.getByRole('alert')).toHaveCount(0);
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
    await expect(submit).toBeDisabled();

    // This session carries on.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // Sign out; the old password no longer works, the new one does.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await waitForHydration(page.getByRole('button', { name: 'Sign In' }));
    await submitLogin(page, staff.email, staff.password);
    await expect(errorAlert(page, 'Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    await signIn(page, { email: staff.email, password: newPassword });
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
  });
});

test.describe('staff accounts (full admin)', () => {
  test('sign out everywhere ends another account’s sessions at once', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // Two browsers and several sign-ins (argon2): more than the default time on a busy machine.
    test.slow();
    const account = await createAccount(request, testInfo);
    const context = await browser.newContext();
    try {
      const theirs = await context.newPage();
      await signIn(theirs, account);

      await signInAsAdmin(page);
      await openSettings(page);
      const row = card(page, 'Staff Accounts')
        .getByRole('list', { name: 'Staff accounts' })
        .getByRole('listitem')
        .filter({ hasText: account.email });
      const button = row.getByRole('button', { name: `Sign out everywhere (${account.email})` });
      await waitForHydration(button);

      // The confirmation can be cancelled...
      await button.click();
      let dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
      await expect(dialog).toContainText(`${account.email} will be signed out on every device at once`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await theirs.reload();
      await expect(theirs).toHaveURL((url) => url.pathname === '/');

      // ...and confirmed.
      await button.click();
      dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page.getByText(`${account.email} is signed out everywhere`)).toBeVisible();

      await theirs.reload();
      await expect(theirs).toHaveURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
      await removeAccount(request, account);
    }
  });

  test('a locked account shows as locked until a full admin unlocks it', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // Two browsers and several sign-ins (argon2): more than the default time on a busy machine.
    test.slow();
    const account = await createAccount(request, testInfo);
    try {
      // Five wrong passwords lock it (from a context of its own: the admin's request context stays signed in).
      const stranger = await browser.newContext();
      try {
        for (let i = 0; i < 5; i++) {
          const res = await stranger.request.post('/api/login', {
            data: { username: account.email, password: `Wrong-${i}-password` },
          });
          expect(res.status()).toBe(401);
        }
        const locked = await stranger.request.post('/api/login', {
          data: { username: account.email, password: account.password },
        });
        expect(locked.status()).toBe(429);
      } finally {
        await stranger.close();
      }

      await signInAsAdmin(page);
      await openSettings(page);
      const row = card(page, 'Staff Accounts')
        .getByRole('list', { name: 'Staff accounts' })
        .getByRole('listitem')
        .filter({ hasText: account.email });
      await expect(row.getByText('Locked', { exact: true })).toBeVisible();
      await expect(row).toContainText('Too many wrong passwords: locked until');
      const unlock = row.getByRole('button', { name: `Unlock (${account.email})` });
      await waitForHydration(unlock);
      await unlock.click();
      await expect(page.getByText(`${account.email} is unlocked and can sign in again`)).toBeVisible();
      await expect(row.getByText('Locked', { exact: true })).toHaveCount(0);
      await expect(unlock).toHaveCount(0);

      const context = await browser.newContext();
      try {
        await signIn(await context.newPage(), account);
      } finally {
        await context.close();
      }
    } finally {
      await removeAccount(request, account);
    }
  });

  test('add an account, promote and demote it, remove it; it can no longer sign in', async ({
    browser,
    page,
  }, testInfo) => {
    // Add, reload, promote, demote, remove, reload and a second browser: past 30 s on a busy 2-core machine.
    test.slow();
    const email = uniqueEmail(testInfo, 'added');
    const password = `Temp-pass-${Date.now()}`;
    await signInAsAdmin(page);
    await openSettings(page);

    const staffCard = card(page, 'Staff Accounts');
    const list = staffCard.getByRole('list', { name: 'Staff accounts' });
    // The signed-in admin is listed, marked as "you", without actions on their own row.
    const me = list.getByRole('listitem').filter({ hasText: '(you)' });
    await expect(me).toHaveCount(1);
    await expect(me.getByRole('button')).toHaveCount(0);
    await expect(list.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

    // Add it, with a password (issue 31: an invitation by email is the default).
    await staffCard.getByRole('radio', { name: 'Set a password now' }).check();
    await staffCard.getByLabel('Email').fill(email);
    await staffCard.getByLabel('Temporary password').fill(password);
    await expect(staffCard.getByRole('checkbox', { name: 'Full admin' })).not.toBeChecked();
    await staffCard.getByRole('button', { name: 'Add Staff Account' }).click();

    const row = list.getByRole('listitem').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Staff', { exact: true })).toBeVisible();
    await expect(staffCard.getByLabel('Email')).toHaveValue('');
    await expect(staffCard.getByLabel('Temporary password')).toHaveValue('');

    // It is stored: still there after a reload.
    await page.reload();
    await expect(row).toHaveCount(1);
    await waitForHydration(row.getByRole('button', { name: /^Make full admin/ }));

    // Promote, then demote.
    await row.getByRole('button', { name: `Make full admin (${email})` }).click();
    await expect(row.getByText('Full admin', { exact: true })).toBeVisible();
    await expect(row.getByText('Staff', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Remove full admin (${email})` })).toBeEnabled();

    await row.getByRole('button', { name: `Remove full admin (${email})` }).click();
    await expect(row.getByText('Staff', { exact: true })).toBeVisible();
    await expect(row.getByText('Full admin', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Make full admin (${email})` })).toBeEnabled();

    // Remove: the confirmation can be cancelled...
    await row.getByRole('button', { name: `Remove (${email})` }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Remove staff account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${email} will no longer be able to sign in.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    // ...and confirmed.
    await row.getByRole('button', { name: `Remove (${email})` }).click();
    dialog = page.getByRole('alertdialog', { name: 'Remove staff account?' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    await page.reload();
    await expect(list.getByRole('listitem').filter({ hasText: '(you)' })).toHaveCount(1);
    await expect(row).toHaveCount(0);

    // The removed account can no longer sign in.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await openLoginPage(other);
      await submitLogin(other, email, password);
      await expect(errorAlert(other, 'Invalid username or password')).toBeVisible();
      await expect(other).toHaveURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
  });

  test('an account added as full admin gets the Full admin badge', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'added-admin');
    await signInAsAdmin(page);
    await openSettings(page);

    const staffCard = card(page, 'Staff Accounts');
    await staffCard.getByRole('radio', { name: 'Set a password now' }).check();
    await staffCard.getByLabel('Email').fill(email);
    await staffCard.getByLabel('Temporary password').fill(`Temp-pass-${Date.now()}`);
    await staffCard.getByRole('checkbox', { name: 'Full admin' }).check();
    await staffCard.getByRole('button', { name: 'Add Staff Account' }).click();

    const row = staffCard
      .getByRole('list', { name: 'Staff accounts' })
      .getByRole('listitem')
      .filter({ hasText: email });
    await expect(row.getByText('Full admin', { exact: true })).toBeVisible();
    await expect(staffCard.getByRole('checkbox', { name: 'Full admin' })).not.toBeChecked();

    // Tidy up.
    await apiSignInAsAdmin(request);
    const users = (await (await request.get('/api/admin/users')).json()) as { id: string; email: string }[];
    const added = users.find((u) => u.email === email);
    expect(added).toBeDefined();
    await removeAccount(request, added!);
  });

  test('a new account sent before the page script runs never puts its password in the address', async ({
    browser,
    request,
  }, testInfo) => {
    await apiSignInAsAdmin(request);
    const context = await browser.newContext({ storageState: await request.storageState() });
    try {
      // The page before hydration: its inline streaming scripts run, but the app's script files never arrive.
      await context.route('**/_next/static/**/*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto('/settings');
      const staffCard = card(page, 'Staff Accounts');
      await staffCard.getByRole('radio', { name: 'Set a password now' }).check();
      await staffCard.getByLabel('Email').fill(uniqueEmail(testInfo, 'no-js'));
      await staffCard.getByLabel('Temporary password').fill('Secret-in-the-url-2');
      const navigation = page.waitForRequest((req) => req.isNavigationRequest());
      await staffCard.getByRole('button', { name: 'Add Staff Account' }).click();
      const sent = await navigation;
      expect(sent.url()).not.toContain('Secret-in-the-url-2');
      await page.waitForLoadState();
      expect(page.url()).not.toContain('Secret-in-the-url-2');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('rights change at once', () => {
  test('a demoted full admin loses the admin tab, and a removed account is signed out', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createAccount(request, testInfo, { isFullAdmin: true });
    await signIn(page, account);
    await expect(page.getByRole('tab', { name: 'Payments & Reporting' })).toBeVisible();

    // Another admin (here through the API) takes the rights away: the next page load shows it.
    await apiSignInAsAdmin(request);
    const demoted = await request.patch(`/api/admin/users/${account.id}`, { data: { isFullAdmin: false } });
    expect(demoted.status(), await demoted.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(2);
    await expect(page.getByRole('tab', { name: 'Payments & Reporting' })).toHaveCount(0);

    await removeAccount(request, account);
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
