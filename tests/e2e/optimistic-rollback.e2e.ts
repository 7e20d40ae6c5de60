/**
 * Optimistic updates (issue 15): a change shows at once, before the server answers, and goes back to what it
 * was when the server refuses it. The refusal here is real (no mocked answer): paying a reward while a member
 * of staff's change of the client's bank details is waiting for a full admin's approval is refused with 409.
 * The request is only held back in the browser until the optimistic state has been seen, then sent on.
 */
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { apiSignInAsAdmin, createAccount, removeAccount, signInAsAdmin, uniqueEmail } from './support';

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

test('Paid Now shows Paid at once, then rolls back when the server refuses a held payment', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  // A client with a reward owed (Story Started), whose bank details a member of staff has just replaced.
  await apiSignInAsAdmin(request);
  const lastName = `Rollback${letters(8)}`;
  const email = uniqueEmail(testInfo, 'rollback');
  const created = await request.post('/api/admin/clients', { data: { firstName: 'Rita', lastName, email } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { id: string; firstName: string; lastName: string };
  const name = `${client.firstName} ${client.lastName}`;
  const friendLast = `Friend${letters(8)}`;
  const lead = await request.post('/api/leads', {
    data: {
      firstName: 'Ollie',
      lastName: friendLast,
      email: uniqueEmail(testInfo, 'rollbackfriend'),
      source: 'Manual Entry',
      referrerId: client.id,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const { referralId } = (await lead.json()) as { referralId: string };
  const started = await request.patch(`/api/referrals/${referralId}`, { data: { status: 'Payment Due' } });
  expect(started.status(), await started.text()).toBe(200);
  const friend = `Ollie ${(await started.json()).name.split(' ').slice(1).join(' ')}`;

  const staff = await createAccount(request, testInfo);
  const staffRequest = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const login = await staffRequest.post('/api/login', {
      data: { username: staff.email, password: staff.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const bank = await staffRequest.patch(`/api/admin/clients/${client.id}`, {
      data: { sortCode: '65-43-21', accountNumber: '87654321', accountName: 'M Allory' },
    });
    expect(bank.status(), await bank.text()).toBe(200);
  } finally {
    await staffRequest.dispose();
  }

  // The full admin opens the client's referrals.
  await signInAsAdmin(page);
  await page.goto(`/?tab=clients&q=${lastName}`);
  const row = page
    .getByRole('table', { name: 'Clients', exact: true })
    .locator(':scope > tbody')
    .filter({ hasText: email });
  await row.getByRole('button', { name: new RegExp(`^1\\s*Referral of ${name}$`) }).click();
  const item = row
    .getByRole('list', { name: `Referrals of ${name}`, exact: true })
    .getByRole('listitem', { name: friend, exact: true });
  await expect(item.getByText('Payment Due', { exact: true })).toBeVisible();

  // The payment request waits in the browser until the page has shown the change.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered = 0;
  await page.route(`**/api/referrals/${referralId}/payment`, async (route) => {
    await released;
    const response = await route.fetch();
    answered = response.status();
    await route.fulfill({ response });
  });

  await item.getByRole('button', { name: new RegExp(`: mark ${friend} paid$`) }).click();
  // Confirmed first (issue 29); the dialog waits for the server, which is held back here.
  await page
    .getByRole('alertdialog', { name: 'Mark this reward paid?' })
    .getByRole('button', { name: /^Mark £[\d,.]+ paid$/ })
    .click();
  // Optimistic: Paid before the server has said anything.
  await expect(item.getByText('Paid', { exact: true })).toBeVisible();
  expect(answered).toBe(0);

  release();
  // The server refuses (payments held): the referral is owed again, and the reason is shown.
  await expect(item.getByText('Payment Due', { exact: true })).toBeVisible();
  await expect(item.getByText('Paid', { exact: true })).toHaveCount(0);
  expect(answered).toBe(409);
  await expect(item.getByRole('alert')).toContainText(/held|approv/i);

  // Nothing was paid: a reload shows the same.
  await page.reload();
  await row.getByRole('button', { name: new RegExp(`^1\\s*Referral of ${name}$`) }).click();
  await expect(item.getByText('Payment Due', { exact: true })).toBeVisible();
  await removeAccount(request, staff);
});
