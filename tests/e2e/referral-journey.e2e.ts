import { devices, expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { confirmPayment } from './pay-confirm';
import {
  apiSignInAsAdmin,
  createAccount,
  removeAccount,
  signIn,
  uniqueEmail,
  waitForHydration,
} from './support';

/**
 * The whole journey of issue 4 in one go: a friend scans a client's QR code and fills in the form on a phone;
 * staff find the lead on the dashboard, start the story and pay the reward; a full admin undoes the payment;
 * other staff can pay but neither undo nor delete; every money change is in the audit log.
 */

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 375, height: 812 } });
  return context.newPage();
}

/** The lead's referral in its client's expanded row, opened through the referral search. */
async function findReferral(page: Page, leadName: string, clientName: string): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByText('Loading clients...')).toHaveCount(0);
  await page.getByRole('tab', { name: /^Clients & Referrals \(/ }).click();
  const panel = page.getByRole('tabpanel', { name: /^Clients & Referrals/ });
  await panel.getByLabel('Search referrals').fill(leadName.toLowerCase());
  const results = panel.getByRole('region', { name: 'Referral search results' });
  await expect(results.getByRole('status')).toHaveText('1 result');
  await results.getByRole('button', { name: `Show referral ${leadName} of ${clientName}` }).click();
  const item = panel
    .getByRole('list', { name: `Referrals of ${clientName}`, exact: true })
    .getByRole('listitem', { name: leadName, exact: true });
  await expect(item).toBeVisible();
  return item;
}

test('scan to lead on a phone, then Story Started, paid, undone by an admin; staff can pay but not undo or delete', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await apiSignInAsAdmin(request);
  const clientRes = await request.post('/api/admin/clients', {
    data: { firstName: 'harriet', lastName: `journey${letters(8)}`, email: uniqueEmail(testInfo, 'client') },
  });
  expect(clientRes.status()).toBe(201);
  const client = (await clientRes.json()) as { firstName: string; lastName: string; cardNumber: string };
  const clientName = `${client.firstName} ${client.lastName}`;

  // 1. The friend scans the QR code: the form on a phone, with the referrer's name.
  const phone = await phonePage(browser);
  const lastName = `friend${letters(8)}`;
  const leadName = `Oscar ${capitalise(lastName)}`;
  const leadEmail = uniqueEmail(testInfo, 'lead');
  try {
    await phone.goto(`/recommendation-details?ref=${client.cardNumber}`);
    const submit = phone.getByRole('button', { name: 'Submit', exact: true });
    await waitForHydration(submit);
    await expect(phone.getByLabel('Recommended by')).toHaveValue(clientName);
    await submit.click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Phone number is required',
      'Please select how we can help you',
    ]) {
      await expect(phone.getByText(message)).toBeVisible();
    }
    await phone.getByLabel('First name').fill('oscar');
    await phone.getByLabel('Last name').fill(lastName);
    await phone.getByLabel('Email').fill(leadEmail);
    await phone.getByLabel('Phone number').fill('123');
    await phone.getByLabel('How can we help you?').selectOption({ label: 'Replace missing teeth' });
    await submit.click();
    await expect(phone.getByText('Please enter a valid phone number')).toBeVisible();
    await phone.getByLabel('Phone number').fill('7123456789');
    await expect(phone.getByLabel('Phone number')).toHaveValue('7123 456789');
    await submit.click();
    await expect(phone.getByRole('heading', { name: 'Thank You, Oscar!' })).toBeVisible();
  } finally {
    await phone.context().close();
  }

  // 2. A full admin finds the lead by search, starts the story, pays and undoes the payment.
  await apiSignInAsAdmin(page.request);
  let item = await findReferral(page, leadName, clientName);
  await expect(item).toContainText(leadEmail);
  await expect(item).toContainText('+44 7123 456789');
  await item.getByRole('button', { name: `Story Started for ${leadName}` }).click();
  await expect(
    item.getByRole('button', { name: `Payment Due: revert ${leadName} to pending` }),
  ).toBeVisible();
  await item.getByRole('button', { name: `Paid Now for ${leadName}` }).click();
  await confirmPayment(page);
  const undo = item.getByRole('button', { name: `Undo Payment for ${leadName}` });
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(item.getByRole('button', { name: `Paid Now for ${leadName}` })).toBeVisible();

  // 3. Other staff pay it, and have neither Undo Payment nor Delete.
  const staff = await createAccount(request, testInfo);
  const staffContext = await browser.newContext();
  try {
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff);
    item = await findReferral(staffPage, leadName, clientName);
    await item.getByRole('button', { name: new RegExp(`^Owed .*: mark ${leadName} paid$`) }).click();
    await confirmPayment(staffPage);
    await expect(item.getByText('Paid', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: /Undo Payment/ })).toHaveCount(0);
    await expect(item.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  } finally {
    await staffContext.close();
    await removeAccount(request, staff);
  }

  // 4. Every money change is in the audit trail, with who did it.
  await apiSignInAsAdmin(request);
  const audit = (await (await request.get('/api/payments/audit?limit=200')).json()) as {
    entries: { action: string; clientName: string; referralName: string; performedBy: string }[];
  };
  const mine = audit.entries.filter((e) => e.referralName === leadName).reverse();
  expect(mine.map((e) => [e.action, e.clientName, e.performedBy])).toEqual([
    ['payment_marked', clientName, 'e2e-admin@clinic.test'],
    ['payment_undone', clientName, 'e2e-admin@clinic.test'],
    ['payment_marked', clientName, staff.email],
  ]);
});
