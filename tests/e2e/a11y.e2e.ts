import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { confirmPayment } from './pay-confirm';
import { expectNoSeriousViolations } from './a11y-support';
import {
  apiSignInAsAdmin,
  card,
  createAccount,
  E2E_ADMIN,
  openLoginPage,
  removeAccount,
  signIn,
  submitLogin,
  uniqueEmail,
  waitForHydration,
  type Account,
} from './support';

/**
 * axe-core (WCAG 2.1 A and AA, and best practices) on every staff page, tab state and dialog, on a laptop:
 * no serious or critical violation anywhere (colour contrast included). The public pages are audited on a
 * phone in a11y.phone.e2e.ts.
 */

interface ClientDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
  inviteToken: string;
}

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A lower-case word no other test (nor worker, nor retry) uses; the server title-cases it. */
function uniqueWord(testInfo: TestInfo, base: string): string {
  return `${base}${String.fromCharCode(97 + (testInfo.workerIndex % 26))}${letters(8)}`;
}

async function registerClient(
  request: APIRequestContext,
  testInfo: TestInfo,
  firstName: string,
): Promise<ClientDto & { name: string }> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: { firstName, lastName: uniqueWord(testInfo, 'axe'), email: uniqueEmail(testInfo, 'axe') },
  });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as ClientDto;
  return { ...client, name: `${client.firstName} ${client.lastName}` };
}

/** A lead from the public form (signed out), referred by the client: a pending referral. */
async function postLead(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  testInfo: TestInfo,
  client: ClientDto,
  firstName: string,
): Promise<{ referralId: string; name: string; email: string }> {
  const lastName = uniqueWord(testInfo, 'lead');
  const email = uniqueEmail(testInfo, 'axelead');
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const res = await anonymous.post('/api/leads', {
      data: {
        firstName,
        lastName,
        email,
        phone: '+44 7123456789',
        treatmentInterest: 'improve-my-smile',
        source: 'qr_referral',
        referrerId: client.cardNumber,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { referralId } = (await res.json()) as { referralId: string };
    return { referralId, name: `${capitalise(firstName)} ${capitalise(lastName)}`, email };
  } finally {
    await anonymous.dispose();
  }
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
  await expect(page.getByText('Loading clients...')).toHaveCount(0);
}

async function openTab(page: Page, name: string | RegExp): Promise<Locator> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name });
  await expect(panel).toBeVisible();
  return panel;
}

const CLIENTS_TAB = /^Clients & Referrals \(/;

/** The client's row, shown through the client search (the list is paged), and opened. */
async function showClientRow(page: Page, panel: Locator, client: ClientDto & { name: string }) {
  await panel.getByLabel('Search clients').fill(client.email);
  const results = panel.getByRole('region', { name: 'Client search results' });
  await expect(results.getByRole('status')).toHaveText('1 result');
  await results.getByRole('button', { name: `Show ${client.name} in the client list` }).click();
  const row = panel
    .getByRole('table', { name: 'Clients', exact: true })
    .locator(':scope > tbody')
    .filter({ hasText: client.email })
    .first();
  await expect(row.getByRole('heading', { name: client.name, exact: true })).toBeFocused();
  return { row, results };
}

/** Opens a dialog with `open`, audits it, and closes it with Escape (focus returns to the page). */
async function auditDialog(
  page: Page,
  open: () => Promise<void>,
  dialog: Locator,
  state: string,
  close: 'Escape' | (() => Promise<void>) = 'Escape',
): Promise<void> {
  await open();
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, state);
  if (close === 'Escape') await page.keyboard.press('Escape');
  else await close();
  await expect(dialog).toBeHidden();
}

test.describe('axe on the staff pages (laptop)', () => {
  // Each test runs axe three to six times over whole pages and dialogs (a few seconds each on a busy 2-core
  // machine), so the default 30 s is too tight; this is a time budget, not an assertion.
  test.describe.configure({ timeout: 90_000 });
  test('the login page, empty and with its error alert', async ({ page }) => {
    await openLoginPage(page);
    await expectNoSeriousViolations(page, '/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, '/login with required-field errors');
    await submitLogin(page, E2E_ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
    await expectNoSeriousViolations(page, '/login with the red alert');
  });

  test('the 404 page, signed out and signed in', async ({ page }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expectNoSeriousViolations(page, '404 page (signed out)');
    await apiSignInAsAdmin(page.request);
    await page.goto('/settings/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expectNoSeriousViolations(page, '404 page (signed in)');
  });

  test('dashboard: Add Client with its errors, Client Added Successfully, Client Already Exists', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await apiSignInAsAdmin(page.request);
    await openDashboard(page);
    const panel = page.getByRole('tabpanel', { name: 'Add Client' });
    await expectNoSeriousViolations(page, 'dashboard, Add Client tab');

    const submit = panel.getByRole('button', { name: 'Add Client & Generate Referral Reward Card' });
    await waitForHydration(submit);
    await submit.click();
    await expect(panel.getByRole('alert').filter({ hasText: 'Please fill in all fields' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Add Client: Please fill in all fields');

    await panel.getByLabel('First name').fill('ada');
    await panel.getByLabel('Last name').fill(uniqueWord(testInfo, 'axe'));
    await panel.getByLabel('Email').fill('not-an-email');
    await submit.click();
    await expect(panel.getByText('Please enter a valid email address')).toBeVisible();
    await expectNoSeriousViolations(page, 'Add Client: invalid email');

    const email = uniqueEmail(testInfo, 'axe');
    await panel.getByLabel('Email').fill(email);
    await submit.click();
    const added = page.getByRole('dialog', { name: 'Client Added Successfully' });
    await expect(added).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Client Added Successfully');
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(added).toBeHidden();

    await panel.getByLabel('First name').fill('ada');
    await panel.getByLabel('Last name').fill('again');
    await panel.getByLabel('Email').fill(email);
    await submit.click();
    const exists = page.getByRole('dialog', { name: 'Client Already Exists' });
    await expect(exists).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Client Already Exists');
    await page.keyboard.press('Escape');
    await expect(exists).toBeHidden();
  });

  test('dashboard: Clients & Referrals with searches and a row open, and every client and referral dialog', async ({
    page,
    context,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000); // every client and referral dialog, each opened and checked by axe: about 2 minutes on a busy machine
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const client = await registerClient(request, testInfo, 'grace');
    const lead = await postLead(playwright, baseURL!, testInfo, client, 'liam');
    const other = await postLead(playwright, baseURL!, testInfo, client, 'mia');
    await apiSignInAsAdmin(page.request);
    await openDashboard(page);
    const panel = await openTab(page, CLIENTS_TAB);
    await expect(panel.getByRole('table', { name: 'Clients', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard, Clients & Referrals tab');

    // A client search with its results, then the row shown and opened from them.
    const { row } = await showClientRow(page, panel, client);
    const toggle = row.getByRole('button', { name: new RegExp(`Referrals? of ${client.name}$`) });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const referrals = row.getByRole('list', { name: `Referrals of ${client.name}`, exact: true });
    await expect(referrals.getByRole('listitem', { name: lead.name, exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'Clients & Referrals: client search active, row expanded');

    // A referral search too, and a referral in each state (pending, Payment Due, paid).
    await panel.getByLabel('Search referrals').fill(lead.email);
    const referralResults = panel.getByRole('region', { name: 'Referral search results' });
    await expect(referralResults.getByRole('status')).toHaveText('1 result');
    const item = referrals.getByRole('listitem', { name: lead.name, exact: true });
    await item.getByRole('button', { name: `Story Started for ${lead.name}` }).click();
    await expect(item.getByRole('button', { name: `Paid Now for ${lead.name}` })).toBeFocused();
    const otherItem = referrals.getByRole('listitem', { name: other.name, exact: true });
    await otherItem.getByRole('button', { name: `Story Started for ${other.name}` }).click();
    await otherItem.getByRole('button', { name: `Paid Now for ${other.name}` }).click();
    await confirmPayment(page);
    await expect(otherItem.getByRole('button', { name: `Undo Payment for ${other.name}` })).toBeFocused();
    await expectNoSeriousViolations(page, 'Clients & Referrals: both searches, referrals pending/owed/paid');
    await panel.getByLabel('Search referrals').fill('no-such-referral-zzzz');
    await expect(referralResults.getByRole('status')).toHaveText(
      'No referrals match "no-such-referral-zzzz"',
    );
    await expectNoSeriousViolations(page, 'Clients & Referrals: a search with no results');

    const button = (label: string) => row.getByRole('button', { name: new RegExp(`^${label}`) });
    // Issue 29, point 10: the less common client actions are in the row's More menu.
    const fromMenu = async (item: string) => {
      await button(`More actions for ${client.name}`).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    await auditDialog(
      page,
      () => button(`Edit details of ${client.name}`).click(),
      page.getByRole('dialog', { name: 'Edit Client' }),
      'dialog Edit Client',
    );
    await auditDialog(
      page,
      () => fromMenu('Affiliate company'),
      page.getByRole('dialog', { name: 'Edit Affiliate Company' }),
      'dialog Edit Affiliate Company',
    );

    // BACS, then Invalid BACS Details on top of it.
    const bacs = page.getByRole('dialog', { name: 'BACS Details' });
    await fromMenu('BACS details');
    await expect(bacs).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog BACS Details');
    await bacs.getByLabel('Sort code').fill('1234');
    await bacs.getByLabel('Account number').fill('123');
    await bacs.getByRole('button', { name: 'Save Details' }).click();
    const invalid = page.getByRole('alertdialog', { name: 'Invalid BACS Details' });
    await expect(invalid).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Invalid BACS Details');
    await invalid.getByRole('button', { name: 'OK' }).click();
    await expect(invalid).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(bacs).toBeHidden();

    // Issue 29 removed the App Link placeholder; Show QR joined the menu.
    await auditDialog(
      page,
      () => fromMenu('Show QR code'),
      page.getByRole('dialog', { name: `QR code of ${client.name}` }),
      'dialog QR code',
    );
    await auditDialog(
      page,
      () => button(`Copy link to the card of ${client.name}`).click(),
      page.getByRole('dialog', { name: 'Webpage Link Copied' }),
      'dialog Webpage Link Copied',
    );

    // Add Manual Referral, empty and with its error.
    const addReferral = page.getByRole('dialog', { name: 'Add Manual Referral' });
    await button(`Add Referral for ${client.name}`).click();
    await expect(addReferral).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Add Manual Referral');
    await addReferral.getByRole('button', { name: 'Add Referral' }).click();
    await expect(
      addReferral.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Add Manual Referral with its error');
    await page.keyboard.press('Escape');
    await expect(addReferral).toBeHidden();

    // Delete Referral (with the mismatch message), then Referral Deleted Successfully.
    await item.getByRole('button', { name: `Delete referral ${lead.name}` }).click();
    const deleteReferral = page.getByRole('alertdialog', { name: 'Delete Referral' });
    await expect(deleteReferral).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Delete Referral');
    await deleteReferral.getByLabel(`Type ${lead.name} to confirm`).fill('someone else');
    await expect(deleteReferral.getByRole('alert').filter({ hasText: 'Name does not match' })).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Delete Referral with the mismatch message');
    await deleteReferral.getByLabel(`Type ${lead.name} to confirm`).fill(lead.name);
    await deleteReferral.getByRole('button', { name: 'Delete Referral' }).click();
    const referralDeleted = page.getByRole('alertdialog', { name: 'Referral Deleted Successfully' });
    await expect(referralDeleted).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Referral Deleted Successfully');
    await referralDeleted.getByRole('button', { name: 'OK' }).click();
    await expect(referralDeleted).toBeHidden();

    // Delete Client, then Client Deleted Successfully.
    await fromMenu('Delete client');
    const deleteClient = page.getByRole('alertdialog', { name: 'Delete Client' });
    await expect(deleteClient).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Delete Client');
    await deleteClient.getByLabel(`Type ${client.name} to confirm`).fill('someone else');
    await expect(deleteClient.getByRole('alert').filter({ hasText: 'Name does not match' })).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Delete Client with the mismatch message');
    await deleteClient.getByLabel(`Type ${client.name} to confirm`).fill(client.name);
    await deleteClient.getByRole('button', { name: 'Delete Client' }).click();
    const clientDeleted = page.getByRole('alertdialog', { name: 'Client Deleted Successfully' });
    await expect(clientDeleted).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Client Deleted Successfully');
    await clientDeleted.getByRole('button', { name: 'OK' }).click();
    await expect(clientDeleted).toBeHidden();
  });

  test('dashboard: Payments & Reporting with a summary open, paid and owed, and Pay All Outstanding', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await apiSignInAsAdmin(request);
    const client = await registerClient(request, testInfo, 'hugo');
    const patch = await request.patch(`/api/admin/clients/${client.id}`, {
      data: { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Hugo Payee' },
    });
    expect(patch.status(), await patch.text()).toBe(200);
    const conversions: { id: string; name: string }[] = [];
    for (const firstName of ['ivy', 'jack']) {
      const lastName = uniqueWord(testInfo, 'conv');
      const lead = await request.post('/api/leads', {
        data: {
          firstName,
          lastName,
          email: uniqueEmail(testInfo, 'conv'),
          source: 'Manual Entry',
          referrerId: client.id,
        },
      });
      expect(lead.status(), await lead.text()).toBe(201);
      const { referralId } = (await lead.json()) as { referralId: string };
      const res = await request.patch(`/api/referrals/${referralId}`, {
        data: { status: 'Payment Due', rewardAmount: 200 },
      });
      expect(res.status(), await res.text()).toBe(200);
      conversions.push({ id: referralId, name: `${capitalise(firstName)} ${capitalise(lastName)}` });
    }
    const paid = await request.post(`/api/referrals/${conversions[1]!.id}/payment`);
    expect(paid.status(), await paid.text()).toBe(200);

    await apiSignInAsAdmin(page.request);
    await openDashboard(page);
    const panel = await openTab(page, 'Payments & Reporting');
    const group = page
      .getByRole('list', { name: /^Payments by client, / })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 4, name: client.name, exact: true }) });
    await expect(group).toHaveCount(1);
    await expect(panel.getByRole('region', { name: 'Payments Audit Log' })).toContainText(
      conversions[1]!.name,
    );
    await expectNoSeriousViolations(page, 'Payments & Reporting tab');

    const toggle = group.getByRole('button', { name: `2 conversions of ${client.name}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Paid from the alert: its Undo shows for 30 seconds.
    const alertRow = page
      .getByRole('region', { name: 'Outstanding Payments Alert' })
      .getByRole('listitem')
      .filter({ hasText: conversions[0]!.name });
    await alertRow.getByRole('button', { name: `Paid Now for ${conversions[0]!.name}` }).click();
    await confirmPayment(page);
    await expect(
      alertRow.getByRole('button', { name: `Undo payment for ${conversions[0]!.name}` }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'Payments & Reporting: a summary open, an Undo offered');
    await alertRow.getByRole('button', { name: `Undo payment for ${conversions[0]!.name}` }).click();
    await expect(
      alertRow.getByRole('button', { name: `Paid Now for ${conversions[0]!.name}` }),
    ).toBeVisible();

    // An empty month.
    const yearSelect = panel.getByLabel('Year', { exact: true });
    const thisYear = await yearSelect.inputValue();
    await yearSelect.selectOption('2024');
    await expect(panel.getByText('No conversions found for this month.')).toBeVisible();
    await expectNoSeriousViolations(page, 'Payments & Reporting: a month without conversions');
    await yearSelect.selectOption(thisYear);
    await expect(group).toHaveCount(1);

    await auditDialog(
      page,
      () => group.getByRole('button', { name: `Pay All Outstanding for ${client.name}` }).click(),
      page.getByRole('alertdialog', { name: 'Pay All Outstanding' }),
      'dialog Pay All Outstanding',
    );
  });

  test.describe('settings', () => {
    let staff: Account;

    test.beforeEach(async ({ request }, testInfo) => {
      staff = await createAccount(request, testInfo);
    });

    test.afterEach(async ({ request }) => {
      await removeAccount(request, staff);
    });

    test('as a full admin (with Remove staff account?) and as other staff', async ({ page }) => {
      await apiSignInAsAdmin(page.request);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await waitForHydration(page.getByRole('button', { name: 'Change Password' }));
      const staffCard = card(page, 'Staff Accounts');
      const row = staffCard.getByRole('listitem').filter({ hasText: staff.email });
      await expect(row).toHaveCount(1);
      await expectNoSeriousViolations(page, '/settings as a full admin');

      // Unsaved changes on an amount, and the password rules' messages.
      const amount = card(page, 'Referral Reward Amount');
      await amount.getByRole('spinbutton', { name: /Referral reward amount/i }).fill('12345');
      await expect(amount.getByText('Unsaved changes')).toBeVisible();
      const password = card(page, 'Password Management');
      await password.getByLabel('Current password').fill('something');
      await password.getByLabel('New password', { exact: true }).fill('short');
      await password.getByLabel('Confirm new password').fill('short');
      await password.getByRole('button', { name: 'Change Password' }).click();
      await expect(password.getByText('Password must be at least 8 characters long')).toBeVisible();
      await expectNoSeriousViolations(page, '/settings: unsaved amount, password error');
      await page.reload();
      await waitForHydration(page.getByRole('button', { name: 'Change Password' }));

      await auditDialog(
        page,
        () => row.getByRole('button', { name: `Remove (${staff.email})` }).click(),
        page.getByRole('alertdialog', { name: 'Remove staff account?' }),
        'dialog Remove staff account?',
      );

      await page.context().clearCookies();
      await signIn(page, staff);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(card(page, 'Referral Reward Amount')).toHaveCount(0);
      await expectNoSeriousViolations(page, '/settings as other staff');
      await page.goto('/');
      await expect(page.getByRole('tab')).toHaveCount(2);
      await expectNoSeriousViolations(page, 'dashboard as other staff (two tabs)');
    });
  });

  test('team reviews: the four tabs with data, the forms with their errors, Delete team member', async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    await apiSignInAsAdmin(request);
    const lastName = uniqueWord(testInfo, 'axe');
    const res = await request.post('/api/team-members', { data: { firstName: 'nora', lastName } });
    expect(res.status(), await res.text()).toBe(201);
    const member = (await res.json()) as { id: string; qrCode: string };
    const name = `Nora ${capitalise(lastName)}`;
    try {
      const anonymous = await playwright.request.newContext({ baseURL });
      try {
        const scan = await anonymous.post('/api/track-scan', {
          data: { teamMemberId: member.id, sessionId: `axe-${letters(16)}`, isUniqueVisitor: true },
        });
        expect(scan.status(), await scan.text()).toBe(201);
      } finally {
        await anonymous.dispose();
      }
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const review = await request.post('/api/team-reviews', {
        data: {
          teamMemberId: member.id,
          reviewerName: 'Pat Reviewer',
          reviewDate: today,
          reviewUrl: `https://g.page/r/a11y-${Date.now()}-${Math.random().toString(36).slice(2)}/review`,
        },
      });
      expect(review.status(), await review.text()).toBe(201);

      await apiSignInAsAdmin(page.request);
      await page.goto('/team-reviews');
      await expect(page.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
      await waitForHydration(page.getByRole('button', { name: 'Add Team Member' }));
      const members = page.getByRole('tabpanel', { name: 'Team Members' });
      await expect(members.getByRole('listitem', { name, exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, '/team-reviews, Team Members tab');

      await members.getByRole('button', { name: 'Add Team Member' }).click();
      await expect(
        members.getByRole('alert').filter({ hasText: 'First name and last name are required' }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, 'Team Members: add member error');

      await auditDialog(
        page,
        () => members.getByRole('button', { name: `Archive ${name}` }).click(),
        page.getByRole('alertdialog', { name: `Archive ${name}?` }),
        'dialog Archive team member',
      );
      await auditDialog(
        page,
        () => members.getByRole('button', { name: `Edit name of ${name}` }).click(),
        page.getByRole('dialog', { name: `Edit the name of ${name}` }),
        'dialog Edit team member name',
      );

      const verify = await openTab(page, 'Verify Reviews');
      await verify.getByRole('button', { name: 'Refresh the pending scans' }).click();
      await expect(
        verify.getByRole('list', { name: 'Pending scans' }).getByRole('listitem').filter({ hasText: name }),
      ).toHaveCount(1);
      await expectNoSeriousViolations(page, 'Verify Reviews tab with a pending scan');
      const addReview = verify.getByRole('region', { name: 'Add Verified Review' });
      await addReview.getByLabel('Review date').fill('');
      await addReview.getByRole('button', { name: 'Add Verified Review' }).click();
      await expect(addReview.getByLabel('Team member')).toHaveAccessibleDescription('Choose a team member');
      await expectNoSeriousViolations(page, 'Verify Reviews: Add Verified Review with its errors');

      const tracking = await openTab(page, 'Scan Tracking & Leaderboard');
      await expect(tracking.getByRole('list', { name: 'Review leaderboard' })).toBeVisible();
      await expectNoSeriousViolations(page, 'Scan Tracking & Leaderboard tab');

      const bonus = await openTab(page, 'Bonus Payments');
      const group = bonus.getByRole('listitem', { name, exact: true });
      await expect(group).toContainText('Bonus Due');
      await expectNoSeriousViolations(page, 'Bonus Payments tab');
      await group.getByRole('button', { name: /^Mark Paid/ }).click();
      await expect(group.getByRole('button', { name: /^Undo/ })).toBeVisible();
      await expectNoSeriousViolations(page, 'Bonus Payments: paid, with Undo');
    } finally {
      await apiSignInAsAdmin(request);
      const removed = await request.delete(`/api/team-members/${member.id}`);
      expect([204, 404]).toContain(removed.status());
    }
  });
});
