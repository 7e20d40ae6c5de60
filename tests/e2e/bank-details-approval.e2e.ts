import { expect, test, type Page } from '@playwright/test';
import { apiSignInAsAdmin, createAccount, removeAccount, uniqueEmail } from './support';

/**
 * Issue 28, point 1, as a full admin sees it: the Clients tab's banner shows the held details it approves; a
 * member of staff swaps the account after the admin's page loaded; Approve is refused, the banner says so with
 * the newer details (masked) and shows the newer change, which the admin then approves.
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

test('an approval approves the details the banner showed; a newer change is shown, not approved', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await apiSignInAsAdmin(request);
  const lastName = `approve${letters(10)}`;
  const email = uniqueEmail(testInfo, 'approval');
  const created = await request.post('/api/admin/clients', { data: { firstName: 'ivy', lastName, email } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { id: string };
  const name = `Ivy ${lastName.charAt(0).toUpperCase()}${lastName.slice(1)}`;

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

  // The full admin's page shows what Approve approves.
  await apiSignInAsAdmin(page.request);
  const row = await openClientRow(page, email);
  await expect(row).toContainText('Details to approve: sort code 11-22-33, account 11112222, Ivy Own');

  // Meanwhile the staff member swaps in another account.
  const swap = await staffContext.request.patch(`/api/admin/clients/${client.id}`, {
    data: { sortCode: '99-88-77', accountNumber: '99998888', accountName: 'M Allory' },
  });
  expect(swap.status(), await swap.text()).toBe(200);
  await staffContext.close();

  // Approving what the page showed is refused: the message and the newer details, masked.
  await row.getByRole('button', { name: `Approve bank details of ${name}` }).click();
  const alert = row.getByRole('alert');
  await expect(alert).toContainText('These bank details were changed again by');
  await expect(alert).toContainText('Nothing was approved');
  await expect(alert).toContainText('Newer details: sort code **-**-77, account ****8888, M Allory');
  await expect(row.getByText('Payments held', { exact: true })).toBeVisible();
  // The banner now shows the newer change, which is what Approve approves next.
  await expect(row).toContainText('Details to approve: sort code 99-88-77, account 99998888, M Allory');
  await row.getByRole('button', { name: `Approve bank details of ${name}` }).click();
  await expect(page.getByText(`Bank details approved for ${name}`)).toBeVisible();
  await expect(row.getByText('Payments held', { exact: true })).toHaveCount(0);

  await removeAccount(request, staff);
});
