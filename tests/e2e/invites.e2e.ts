import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_MAILS_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './a11y-support';
import {
  apiSignInAsAdmin,
  card,
  removeAccount,
  signInAsAdmin,
  uniqueEmail,
  waitForHydration,
} from './support';

/**
 * Invitations (issue 31, point 1), in the built app with a real SMTP server (tests/e2e/mail-catcher.ts): a full
 * admin invites an email address in Settings, the pending row shows, the person opens the emailed link in a
 * browser of their own, chooses a password and lands in the dashboard signed in; Resend and Revoke from the
 * list. axe on Settings with a pending invitation and on /invite/{token} (the form and a refused link).
 */

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The paths of every invitation link emailed to `address`, oldest first, once there are `count`. */
async function emailedInviteLinks(page: Page, address: string, count = 1): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${E2E_MAILS_URL}?to=${encodeURIComponent(address)}`);
        links = ((await res.json()) as Mail[])
          .filter((m) => m.subject.startsWith('You have been invited to Smile Referrals'))
          .map((m) => /href="https?:\/\/[^"/]+(\/invite\/[\w-]{43})"/.exec(m.html)?.[1])
          .filter((link): link is string => Boolean(link));
        return links.length;
      },
      { timeout: 20_000, message: 'waiting for the invitation email' },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** The account an invitation made, removed through the API (best effort). */
async function removeByEmail(request: APIRequestContext, email: string): Promise<void> {
  await apiSignInAsAdmin(request);
  const users = (await (await request.get('/api/admin/users')).json()) as { id: string; email: string }[];
  const made = users.find((u) => u.email === email);
  if (made) await removeAccount(request, made);
}

test('a full admin invites by email; the person chooses a password from the emailed link and lands in the dashboard', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two browsers, an email and five axe runs.
  test.slow();
  const email = uniqueEmail(testInfo, 'invited');
  const password = `Invited-pass-${Date.now()}`;
  await signInAsAdmin(page);
  await openSettings(page);

  const staffCard = card(page, 'Staff Accounts');
  const send = staffCard.getByRole('button', { name: 'Send Invitation' });
  await waitForHydration(send);
  // By default the person is emailed an invitation: no password to type.
  await expect(staffCard.getByRole('radio', { name: 'Send an invitation' })).toBeChecked();
  await expect(staffCard.getByLabel('Temporary password')).toBeHidden();
  await staffCard.getByLabel('Email').fill(email);
  await send.click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();

  const pending = staffCard.getByRole('list', { name: 'Pending invitations' });
  const row = pending.getByRole('listitem').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Staff', { exact: true })).toBeVisible();
  await expect(row).toContainText('Link works until');
  await expect(staffCard.getByLabel('Email')).toHaveValue('');
  await expectNoSeriousViolations(page, 'Settings with a pending invitation');

  // The person's own browser.
  const [link] = await emailedInviteLinks(page, email);
  const context = await browser.newContext();
  try {
    const invited = await context.newPage();
    await invited.goto(link!);
    await expect(invited.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
    await expect(invited.getByLabel('Email')).toHaveValue(email);
    const setUp = invited.getByRole('button', { name: 'Set Up My Account' });
    await waitForHydration(setUp);
    await expectNoSeriousViolations(invited, 'the invitation page');

    const passwordField = invited.getByLabel('Password', { exact: true });
    const confirmField = invited.getByLabel('Confirm password');
    await passwordField.fill('short');
    await confirmField.fill('other');
    await setUp.click();
    await expect(invited.getByText("Passwords don't match")).toBeVisible();
    await confirmField.fill('short');
    await setUp.click();
    await expect(invited.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expectNoSeriousViolations(invited, 'the invitation page, refused');

    await passwordField.fill(password);
    await confirmField.fill(password);
    await setUp.click();
    await expect(invited).toHaveURL((url) => url.pathname === '/');
    await expect(invited.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();

    // The link worked once.
    await invited.goto(link!);
    await expect(
      invited.getByRole('heading', { level: 1, name: 'This invitation has already been used' }),
    ).toBeVisible();
    await expect(
      invited.getByText('This invitation has already been used. Sign in with your email and password.'),
    ).toBeVisible();
    await expect(invited.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expectNoSeriousViolations(invited, 'a used invitation link');
  } finally {
    await context.close();
  }

  // The admin's list: the invitation has become an account.
  await page.reload();
  await expect(
    staffCard.getByRole('list', { name: 'Staff accounts' }).getByRole('listitem').filter({ hasText: email }),
  ).toHaveCount(1);
  await expect(row).toHaveCount(0);

  // And the password chosen signs in.
  const signIn = await request.post('/api/login', { data: { username: email, password } });
  expect(signIn.status()).toBe(200);
  await removeByEmail(request, email);
});

test('Resend makes a new link (the old one stops working) and Revoke withdraws it', async ({
  page,
  request,
}, testInfo) => {
  // Two emails, a dialog and two more pages.
  test.slow();
  const email = uniqueEmail(testInfo, 'resent');
  await apiSignInAsAdmin(request);
  const made = await request.post('/api/admin/users', { data: { email, invite: true } });
  expect(made.status(), await made.text()).toBe(201);
  const [first] = await emailedInviteLinks(page, email);

  await signInAsAdmin(page);
  await openSettings(page);
  const staffCard = card(page, 'Staff Accounts');
  const row = staffCard
    .getByRole('list', { name: 'Pending invitations' })
    .getByRole('listitem')
    .filter({ hasText: email });
  const resend = row.getByRole('button', { name: `Resend (invitation for ${email})` });
  await waitForHydration(resend);
  await resend.click();
  await expect(page.getByText(`Invitation sent again to ${email}.`)).toBeVisible();
  const links = await emailedInviteLinks(page, email, 2);
  const second = links[links.length - 1]!;
  expect(second).not.toBe(first);

  // Revoke asks first; Cancel changes nothing.
  await row.getByRole('button', { name: `Revoke (invitation for ${email})` }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Revoke invitation?' });
  await expect(dialog).toContainText(`The link emailed to ${email} will stop working at once.`);
  await expectNoSeriousViolations(page, 'the Revoke invitation dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Revoke (invitation for ${email})` }).click();
  dialog = page.getByRole('alertdialog', { name: 'Revoke invitation?' });
  await dialog.getByRole('button', { name: 'Revoke Invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitation for ${email} revoked`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The first link stopped working at the resend; the second when revoked.
  await page.goto(first!);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await page.goto(second);
  await expect(page.getByRole('heading', { level: 1, name: 'This invitation was withdrawn' })).toBeVisible();
  await expect(page.getByText('This invitation was withdrawn by the clinic.')).toBeVisible();
  await expectNoSeriousViolations(page, 'a withdrawn invitation link');
});

test('a password can still be set by the admin instead', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'with-password');
  await signInAsAdmin(page);
  await openSettings(page);
  const staffCard = card(page, 'Staff Accounts');
  const choice = staffCard.getByRole('radio', { name: 'Set a password now' });
  await waitForHydration(choice);
  await choice.check();
  await staffCard.getByLabel('Email').fill(email);
  const passwordField = staffCard.getByLabel('Temporary password');
  await expect(passwordField).toBeVisible();
  await staffCard.getByRole('button', { name: 'Add Staff Account' }).click();
  await expect(staffCard.getByText('Password is required')).toBeVisible();
  await passwordField.fill(`Temp-pass-${Date.now()}`);
  await staffCard.getByRole('button', { name: 'Add Staff Account' }).click();
  await expect(
    staffCard.getByRole('list', { name: 'Staff accounts' }).getByRole('listitem').filter({ hasText: email }),
  ).toHaveCount(1);
  await expectNoSeriousViolations(page, 'Settings, Add staff with a password');
  await removeByEmail(request, email);
});
