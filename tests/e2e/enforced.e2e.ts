/**
 * Issue 31, point 4, in the browser: on a server that requires a second factor of full admins (the 'enforced'
 * project: its own server with REQUIRE_ADMIN_SECOND_FACTOR on), a full admin without one sees the banner, and a
 * payment is refused with a prompt that sends them to Settings → Security. Once the authenticator app is set up
 * (in a session that signed in with the password alone), paying asks them to confirm it's them: the prompt takes
 * a code, and the payment then goes through. axe on the banner, both prompts and the dashboard after.
 */
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousViolations } from './a11y-support';
import { badge, confirmPayment, convertReferral, createClient, outstandingRow } from './pay-confirm';
import { card, createAccount, errorAlert, removeAccount, signIn, waitForHydration } from './support';

const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const TAB = 'Payments & Reporting';

async function openPayments(page: Page) {
  await page.goto('/');
  const tab = page.getByRole('tab', { name: TAB });
  await waitForHydration(tab);
  await tab.click();
  await expect(page.getByRole('tabpanel', { name: TAB })).toBeVisible();
}

async function pressPaidNow(page: Page, row: ReturnType<typeof outstandingRow>, name: string) {
  const button = row.getByRole('button', { name: `Paid Now for ${name}` });
  await waitForHydration(button);
  await button.click();
  await confirmPayment(page);
}

test('a full admin without a second factor is asked to set one up, then to confirm it before paying', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await createAccount(request, testInfo, { isFullAdmin: true, tag: 'enforced' });
  try {
    // The first admin (no factor on this server, ever) makes the data: a client owed a reward.
    const client = await createClient(request, testInfo, 'rosa');
    const conversion = await convertReferral(request, testInfo, client, 'milo', 150);

    await signIn(page, admin);
    const banner = page.getByTestId('second-factor-banner');
    await expect(banner).toContainText('Set up a passkey or an authenticator app');
    await expect(banner).toContainText('bank details are hidden');
    await expectNoSeriousViolations(page, 'dashboard with the second-factor banner');

    // The month's report holds bank details: it says why it is not shown. Paying is refused, and the prompt
    // says what to do.
    await openPayments(page);
    await expect(
      page
        .getByRole('tabpanel', { name: TAB })
        .getByText('Set up a passkey or an authenticator app first')
        .first(),
    ).toBeVisible();
    const row = outstandingRow(page, conversion);
    await pressPaidNow(page, row, conversion.name);
    const setUp = page.getByRole('dialog', { name: 'Set up a second factor first' });
    await expect(setUp).toBeVisible();
    await expect(setUp).toContainText('Set up a passkey or an authenticator app first (Settings → Security)');
    await expectNoSeriousViolations(page, 'the set-up-first prompt');
    await setUp.getByRole('link', { name: 'Go to Settings → Security' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings/security');
    await expect(setUp).toHaveCount(0);

    // The authenticator app, set up from the key on the page.
    const app = card(page, 'Authenticator app');
    await waitForHydration(app.getByRole('button', { name: 'Set up' }));
    await app.getByRole('button', { name: 'Set up' }).click();
    const secret = ((await app.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await app.getByLabel('Code from your authenticator app').fill(await codeAt(secret));
    await app.getByRole('button', { name: 'Confirm' }).click();
    await expect(app.getByText('The authenticator app is set up.')).toBeVisible();
    await app.getByRole('button', { name: 'I have saved them' }).click();

    // This session signed in with the password alone: paying asks to confirm it's them.
    await openPayments(page);
    await expect(page.getByTestId('second-factor-banner')).toHaveCount(0);
    await pressPaidNow(page, row, conversion.name);
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(stepUp).toBeVisible();
    const code = stepUp.getByLabel('Code from your authenticator app');
    await expect(code).toBeFocused();
    await expectNoSeriousViolations(page, 'the confirm-it’s-you prompt');
    await code.fill('000000');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(errorAlert(stepUp, 'That code is not right')).toBeVisible();
    // The set-up's code used its step: the next step's code, as a phone a little ahead.
    await code.fill(await codeAt(secret, 1));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByText(/^Confirmed\. You can pay/)).toBeVisible();

    // Now the payment goes through.
    await pressPaidNow(page, row, conversion.name);
    await expect(row.getByRole('button', { name: `Undo payment for ${conversion.name}` })).toBeVisible();
    await expect(badge(row, 'Paid')).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard after paying with a second factor');
    // Paid on the server: the list, loaded again, no longer holds it.
    await openPayments(page);
    await expect(page.getByRole('tabpanel', { name: TAB })).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await removeAccount(request, admin);
  }
});
