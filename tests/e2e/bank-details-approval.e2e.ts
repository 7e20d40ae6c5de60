import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { apiSignInAsAdmin, createAccount, removeAccount, uniqueEmail } from './support';

/**
 * Issues 28 (point 1) and 29 (point 8), as a full admin sees them: the Clients tab's banner shows what Approve
 * approves (the new sort code and account number masked except the last four, the account holder, who changed
 * them and when), and Approve asks first, naming them; a member of staff swaps the account after the admin's
 * page loaded, so the approval is refused and the newer details (masked) are shown, which the admin then
 * approves. The same approval is reachable from the Payments tab, where the client's payments say "held".
 */

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function openClientRow(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: /^Clients & Referrals \(/ }).click();
  const panel = page.getByRole('tabpanel', { name: /^Clients & Referrals/ });
  await expect(panel.getByRole('table', { name: 'Clients' })).toBeVisible();
  const row = panel
    .getByRole('table', { name: 'Clients' })
    .locator(':scope > tbody')
    .filter({ hasText: email });
  if ((await row.count()) === 0) {
    await panel.getByLabel('Search clients').fill(email);
    const results = panel.getByRole('region', { name: 'Client search results' });
    await expect(results.getByRole('status')).toHaveText('1 result');
    await results.getByRole('button', { name: /^Show / }).click();
  }
  await expect(row).toHaveCount(1);
  return row;
}

async function heldClient(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], first: string) {
  const request = page.request;
  await apiSignInAsAdmin(request);
  const lastName = `approve${letters(10)}`;
  const email = uniqueEmail(testInfo, 'approval');
  const created = await request.post('/api/admin/clients', { data: { firstName: first, lastName, email } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { id: string };
  const name = `${first.charAt(0).toUpperCase()}${first.slice(1)} ${lastName.charAt(0).toUpperCase()}${lastName.slice(1)}`;
  return { id: client.id, email, name };
}

test('an approval shows what it approves, masked, and asks first; a newer change is shown, not approved', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = await heldClient(page, testInfo, 'ivy');
  await apiSignInAsAdmin(request);

  // A member of staff puts in details: held.
  const staff = await createAccount(request, testInfo);
  const staffContext = await browser.newContext();
  const signedIn = await staffContext.request.post('/api/login', {
    data: { username: staff.email, password: staff.password },
  });
  expect(signedIn.status()).toBe(200);
  const first = await staffContext.request.patch(`/api/admin/clients/${client.id}`, {
    data: { sortCode: '11-22-33', accountNumber: '11112222', accountName: 'Ivy Own' },
  });
  expect(first.status(), await first.text()).toBe(200);

  // The full admin's banner shows what Approve approves: masked except the last four, the holder, who, when.
  const pendingAnswers: string[] = [];
  // Every answer is read as it passes (a listener reading a body after the page moved on loses it).
  await page.route('**/bank-details/pending', async (route) => {
    const response = await route.fetch();
    pendingAnswers.push(await response.text());
    await route.fulfill({ response });
  });
  const row = await openClientRow(page, client.email);
  const details = row.locator('p').filter({ hasText: /^Details to approve:/ });
  await expect(details).toContainText('sort code **-22-33, account ****2222, account holder Ivy Own');
  await expect(details).toContainText(`changed by ${staff.email} on `);
  await expect(details).toContainText('(UK time)');
  await expect(details).not.toContainText('11112222');
  // The details came from the server masked: the full numbers never reached the page for this.
  expect(pendingAnswers.length).toBeGreaterThan(0);
  for (const body of pendingAnswers) expect(body).not.toMatch(/11112222|11-22-33|112233/);
  await expectNoSeriousViolations(page, 'Clients: held bank details to approve');

  // Meanwhile the staff member swaps in another account.
  const swap = await staffContext.request.patch(`/api/admin/clients/${client.id}`, {
    data: { sortCode: '99-88-77', accountNumber: '99998888', accountName: 'M Allory' },
  });
  expect(swap.status(), await swap.text()).toBe(200);
  await staffContext.close();

  // Approve asks first, naming what the page showed; approving it is refused, with the newer details.
  await row.getByRole('button', { name: `Approve bank details of ${client.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Approve ${client.name}'s new bank details?` });
  await expect(dialog).toContainText('sort code **-22-33, account ****2222, account holder Ivy Own.');
  await expect(dialog).toContainText(`changed by ${staff.email} on `);
  await expectNoSeriousViolations(page, 'Clients: the approval confirmation');
  await dialog.getByRole('button', { name: 'Approve bank details' }).click();
  await expect(dialog).toHaveCount(0);
  const alert = row.getByRole('alert');
  await expect(alert).toContainText('These bank details were changed again by');
  await expect(alert).toContainText('Nothing was approved');
  await expect(row.locator('p').filter({ hasText: /^Newer details:/ })).toContainText(
    'sort code **-88-77, account ****8888, account holder M Allory',
  );
  await expect(row.getByText('Payments held', { exact: true })).toBeVisible();

  // The newer change is what Approve approves next.
  await row.getByRole('button', { name: `Approve bank details of ${client.name}` }).click();
  await expect(dialog).toContainText('sort code **-88-77, account ****8888, account holder M Allory.');
  await dialog.getByRole('button', { name: 'Approve bank details' }).click();
  await expect(page.getByText(`Bank details approved for ${client.name}`)).toBeVisible();
  await expect(row.getByText('Payments held', { exact: true })).toHaveCount(0);

  await removeAccount(request, staff);
});

test('the approval is reachable from the Payments tab, where the payments say held', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = await heldClient(page, testInfo, 'jade');
  await apiSignInAsAdmin(request);
  // A conversion owed to the client, this month.
  const lead = await request.post('/api/leads', {
    data: {
      firstName: 'kit',
      lastName: `friend${letters(8)}`,
      email: uniqueEmail(testInfo, 'friend'),
      source: 'Manual Entry',
      referrerId: client.id,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const { referralId } = (await lead.json()) as { referralId: string };
  const started = await request.patch(`/api/referrals/${referralId}`, { data: { status: 'Payment Due' } });
  expect(started.status(), await started.text()).toBe(200);
  const staff = await createAccount(request, testInfo);
  const staffContext = await browser.newContext();
  await staffContext.request.post('/api/login', {
    data: { username: staff.email, password: staff.password },
  });
  const held = await staffContext.request.patch(`/api/admin/clients/${client.id}`, {
    data: { sortCode: '20-00-00', accountNumber: '55556666', accountName: 'Jade Own' },
  });
  expect(held.status(), await held.text()).toBe(200);
  await staffContext.close();

  await apiSignInAsAdmin(page.request);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Payments & Reporting' }).click();
  const alertRow = page
    .getByRole('region', { name: 'Outstanding Payments Alert' })
    .getByRole('list', { name: 'Outstanding payments' })
    .getByRole('listitem')
    .filter({ hasText: client.name });
  await expect(alertRow.getByText('Payments held', { exact: true })).toBeVisible();
  await expect(alertRow.locator('p').filter({ hasText: /^Details to approve:/ })).toContainText(
    'sort code **-00-00, account ****6666, account holder Jade Own',
  );
  await alertRow.getByRole('button', { name: `Approve bank details of ${client.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Approve ${client.name}'s new bank details?` });
  await expect(dialog).toContainText('sort code **-00-00, account ****6666, account holder Jade Own.');
  await dialog.getByRole('button', { name: 'Approve bank details' }).click();
  await expect(page.getByText(`Bank details approved for ${client.name}`)).toBeVisible();
  await expect(alertRow.getByText('Payments held', { exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Payments: after approving held details');

  await removeAccount(request, staff);
});
