import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { confirmPayment } from './pay-confirm';
import { apiSignInAsAdmin, createAccount, removeAccount, signIn, uniqueEmail } from './support';

/**
 * Issue 14, point 6, as a full admin sees it: a staff member swaps a client's bank details in the BACS dialog;
 * the full admin sees the hold on the client and in the Payments tab, is refused when paying (with who changed
 * the details and when), approves the new details, and then pays. The database is shared with other tests, so
 * everything here carries unique names and is only looked for by them.
 */

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const TAB = 'Payments & Reporting';

async function clientWithConversion(request: APIRequestContext, testInfo: TestInfo) {
  await apiSignInAsAdmin(request);
  const lastName = `hold${letters(10)}`;
  const email = uniqueEmail(testInfo, 'held');
  const created = await request.post('/api/admin/clients', { data: { firstName: 'greta', lastName, email } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { id: string; cardNumber: string };
  // Details a full admin entered: not held.
  const bank = await request.patch(`/api/admin/clients/${client.id}`, {
    data: { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Greta Original' },
  });
  expect(bank.status(), await bank.text()).toBe(200);
  const leadName = `friend${letters(8)}`;
  const lead = await request.post('/api/leads', {
    data: {
      firstName: 'harry',
      lastName: leadName,
      email: uniqueEmail(testInfo, 'friend'),
      source: 'Manual Entry',
      referrerId: client.id,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const { referralId } = (await lead.json()) as { referralId: string };
  const started = await request.patch(`/api/referrals/${referralId}`, {
    data: { status: 'Payment Due', rewardAmount: 200 },
  });
  expect(started.status(), await started.text()).toBe(200);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return { ...client, email, name: `Greta ${cap(lastName)}`, friend: `Harry ${cap(leadName)}` };
}

/** The dashboard's Clients tab with the client's row (found through the search, whatever else is listed). */
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

test('a staff change of bank details holds the payments until a full admin approves', async ({
  browser,
  page,
  request,
}, testInfo) => {
  // Two browsers (staff, then the admin) on a shared, busy machine.
  test.setTimeout(180_000);
  const client = await clientWithConversion(request, testInfo);
  const staff = await createAccount(request, testInfo);

  // A member of staff replaces the details in the BACS dialog (they never see the old ones).
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, staff);
  const staffRow = await openClientRow(staffPage, client.email);
  // Issue 29, point 10: BACS details is in the row's More menu.
  await staffRow.getByRole('button', { name: `More actions for ${client.name}` }).click();
  await staffPage.getByRole('menuitem', { name: 'BACS details' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'BACS Details' });
  await expect(dialog).toContainText('New details hold this client');
  await expect(dialog.getByLabel('Account number')).toHaveValue('');
  await dialog.getByLabel('Sort code').fill('654321');
  await dialog.getByLabel('Account number').fill('87654321');
  await dialog.getByLabel("Account holder's name").fill('M Allory');
  await dialog.getByRole('button', { name: 'Save Details' }).click();
  await expect(staffPage.getByText(`BACS details saved for ${client.name}: payments wait`)).toBeVisible();
  await expect(staffRow.getByText('Payments held', { exact: true })).toBeVisible();
  // Staff cannot approve their own change.
  await expect(staffRow.getByRole('button', { name: /^Approve bank details/ })).toHaveCount(0);
  await staffContext.close();

  // The full admin sees the hold on the client, naming who made the change.
  await apiSignInAsAdmin(page.request);
  const row = await openClientRow(page, client.email);
  await expect(row.getByText('Payments held', { exact: true })).toBeVisible();
  const holdText = new RegExp(
    `Bank details changed by ${staff.email.replace(/[.+]/g, '\\$&')} on \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}: payments held until a full admin approves`,
  );
  await expect(row.getByText(holdText)).toBeVisible();

  // ... and in the Payments tab; paying is refused with who changed the details and when.
  await page.getByRole('tab', { name: TAB }).click();
  const alertRow = page
    .getByRole('region', { name: 'Outstanding Payments Alert' })
    .getByRole('list', { name: 'Outstanding payments' })
    .getByRole('listitem')
    .filter({ hasText: client.friend });
  await expect(alertRow).toHaveCount(1);
  await expect(alertRow.getByText(holdText)).toBeVisible();
  await alertRow.getByRole('button', { name: `Paid Now for ${client.friend}` }).click();
  // The confirmation says the payments are held (issue 29); confirming anyway is refused by the server.
  await expect(page.getByRole('alertdialog', { name: 'Mark this reward paid?' })).toContainText(
    'payments held until a full admin approves',
  );
  await confirmPayment(page);
  await expect(
    page.getByText(
      new RegExp(
        `Payments to ${client.name} are on hold: their bank details were changed by ${staff.email.replace(/[.+]/g, '\\$&')} on \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2} \\(UK time\\)`,
      ),
    ),
  ).toBeVisible();
  const stillOwed = await page.request.get('/api/payments/outstanding?limit=200');
  expect(
    ((await stillOwed.json()) as { referralId: string; clientId: string }[]).some(
      (r) => r.clientId === client.id,
    ),
  ).toBe(true);

  // The audit log shows the change, numbers masked.
  const audit = page.getByRole('region', { name: 'Payments Audit Log' });
  await expect(
    audit.getByText(
      "Changed: sort code **-**-56, account ****5678 → sort code **-**-21, account ****4321; account holder's name changed; payments held until a full admin approves",
    ),
  ).toBeVisible();

  // The full admin approves on the client's row, then pays.
  const approvedRow = await openClientRow(page, client.email);
  await approvedRow.getByRole('button', { name: `Approve bank details of ${client.name}` }).click();
  // Issue 29, point 8: the approval asks first, naming what it approves.
  const approveDialog = page.getByRole('alertdialog', { name: `Approve ${client.name}'s new bank details?` });
  await expect(approveDialog).toContainText('sort code **-43-21, account ****4321');
  await approveDialog.getByRole('button', { name: 'Approve bank details' }).click();
  await expect(page.getByText(`Bank details approved for ${client.name}`)).toBeVisible();
  await expect(approvedRow.getByText('Payments held', { exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: TAB }).click();
  const payRow = page
    .getByRole('region', { name: 'Outstanding Payments Alert' })
    .getByRole('list', { name: 'Outstanding payments' })
    .getByRole('listitem')
    .filter({ hasText: client.friend });
  await expect(payRow.getByText(holdText)).toHaveCount(0);
  await payRow.getByRole('button', { name: `Paid Now for ${client.friend}` }).click();
  await confirmPayment(page);
  await expect(page.getByText(`£200 reward for ${client.friend} marked paid`)).toBeVisible();
  await expect(
    audit.getByText(`Approved: sort code **-**-21, account ****4321, as changed by ${staff.email}`),
  ).toBeVisible();

  await removeAccount(request, staff);
});
