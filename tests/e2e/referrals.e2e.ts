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
import {
  apiSignInAsAdmin,
  createAccount,
  errorAlert,
  removeAccount,
  signIn,
  uniqueEmail,
  type Account,
} from './support';

interface ClientDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
  referralCount: number;
}

interface ReferralDto {
  id: string;
  leadId: string;
  referrerId: string;
  status: 'pending' | 'In Progress' | 'Payment Due';
  rewardAmount: number | null;
  rewardPaid: boolean;
  paidAt: string | null;
  convertedAt: string | null;
  createdAt: string;
  name: string;
  email: string | null;
  phone: string | null;
}

interface LeadDto {
  id: string;
  email: string;
  phone: string | null;
  source: string;
  recommendedBy: string | null;
  referrerId: string | null;
}

/** Lower-case letters only, so that the title-cased name is predictable. */
function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** A lower-case last name no other test (nor worker, nor retry) uses; it title-cases to capitalise(name). */
function uniqueLastName(testInfo: TestInfo, base: string): string {
  const worker = String.fromCharCode(97 + (testInfo.workerIndex % 26));
  const retry = String.fromCharCode(97 + (testInfo.retry % 26));
  return `${base}${worker}${retry}${letters(8)}`;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** As lib/format.ts writes pounds: £200, £12.50. */
function pounds(amount: number): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    ...(Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 }),
  }).format(amount);
}

/** As lib/format.ts writes dates: 22 Nov 2026. */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Registers a client through the API as the first full admin. */
async function registerClient(
  request: APIRequestContext,
  testInfo: TestInfo,
  firstName: string,
): Promise<ClientDto & { name: string }> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: {
      firstName,
      lastName: uniqueLastName(testInfo, 'referrer'),
      email: uniqueEmail(testInfo, 'client'),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as ClientDto;
  return { ...client, name: `${client.firstName} ${client.lastName}` };
}

interface PublicLead {
  leadId: string;
  referralId: string;
  /** As the server title-cases it. */
  name: string;
  email: string;
}

/**
 * Posts a lead the way the public recommendation form does: signed out, from the client's QR code (its card
 * number as referrerId).
 */
async function postPublicLead(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  testInfo: TestInfo,
  client: Pick<ClientDto, 'cardNumber'>,
  firstName = 'jane',
): Promise<PublicLead> {
  const lastName = uniqueLastName(testInfo, 'lead');
  const email = uniqueEmail(testInfo, 'lead');
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
    const body = (await res.json()) as { leadId: string; referralId?: string; referral?: unknown };
    expect(body.referralId, 'a known referrer gets a referral').toBeTruthy();
    // Only signed-in staff get the whole referral back.
    expect(body.referral).toBeUndefined();
    return {
      leadId: body.leadId,
      referralId: body.referralId!,
      name: `${capitalise(firstName)} ${capitalise(lastName)}`,
      email,
    };
  } finally {
    await anonymous.dispose();
  }
}

/** GET with `request`, signing it in as the first full admin first when it is not signed in. */
async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  let res = await request.get(path);
  if (res.status() === 401) {
    await apiSignInAsAdmin(request);
    res = await request.get(path);
  }
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The client's referrals as GET /api/referrals?clientId= has them (the whole list is paged). */
async function referralsOf(
  request: APIRequestContext,
  client: Pick<ClientDto, 'id'>,
): Promise<ReferralDto[]> {
  return adminGet<ReferralDto[]>(request, `/api/referrals?clientId=${client.id}&limit=500`);
}

async function fetchReferral(
  request: APIRequestContext,
  client: Pick<ClientDto, 'id'>,
  id: string,
): Promise<ReferralDto | undefined> {
  return (await referralsOf(request, client)).find((r) => r.id === id);
}

async function referralRewardSetting(request: APIRequestContext): Promise<number> {
  return (await adminGet<{ referralRewardAmount: number }>(request, '/api/settings')).referralRewardAmount;
}

/**
 * What makes the page scroll sideways: the page's width when it does, and the elements that reach past the
 * right edge (fixed elements such as toasts excluded: they do not make the page scroll).
 */
function widerThanViewport(): string[] {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5)
    .filter((el) => !el.closest('[data-sonner-toaster]'))
    .slice(0, 10)
    .map(
      (el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? '').slice(0, 40)}`,
    );
  return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...culprits];
}

const clientsTab = (page: Page) => page.getByRole('tab', { name: /^Clients & Referrals \(/ });

/** Opens the dashboard's Clients & Referrals tab once the client list has loaded. */
async function openClientsTab(page: Page): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
  await expect(page.getByText('Loading clients...')).toHaveCount(0);
  await clientsTab(page).click();
  const panel = page.getByRole('tabpanel', { name: /^Clients & Referrals/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Clients', exact: true })).toBeVisible();
  return panel;
}

/**
 * The client's row, brought into the list through the client search when it is not on the first page (other
 * tests running meanwhile may have registered more than a page of clients since this one); closed, as found.
 */
async function showClientRow(
  panel: Locator,
  client: Pick<ClientDto, 'email'> & { name: string },
): Promise<Locator> {
  const row = clientRow(panel, client.email);
  if ((await row.count()) === 0) {
    await panel.getByLabel('Search clients').fill(client.email);
    const results = panel.getByRole('region', { name: 'Client search results' });
    await results.getByRole('button', { name: `Show ${client.name} in the client list` }).click();
    await expect(row.getByRole('heading', { name: client.name, exact: true })).toBeFocused();
    await referralsToggle(row, client.name).click();
    await expect(referralsToggle(row, client.name)).toHaveAttribute('aria-expanded', 'false');
    await panel.getByRole('button', { name: 'Clear All' }).click();
  }
  return row;
}

/** A client's row in the list, found by the client's (unique) email address. */
function clientRow(panel: Locator, email: string): Locator {
  return panel
    .getByRole('table', { name: 'Clients', exact: true })
    .locator(':scope > tbody')
    .filter({ hasText: email.toLowerCase() })
    .first();
}

/** One referral in a client's expanded row (each is named by its lead's name). */
function referralItem(row: Locator, clientName: string, leadName: string): Locator {
  return row
    .getByRole('list', { name: `Referrals of ${clientName}`, exact: true })
    .getByRole('listitem', { name: leadName, exact: true });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The accessible name of a row's referrals button: its count badge, 'Referral(s)' and the client's name. */
function toggleName(count: number, clientName: string): RegExp {
  return new RegExp(`^${count}\\s*${count === 1 ? 'Referral' : 'Referrals'} of ${escapeRegExp(clientName)}$`);
}

/** The button that expands a row, showing the client's referral count: '2 Referrals of Jane Smith'. */
function referralsToggle(row: Locator, clientName: string): Locator {
  return row.getByRole('button', { name: new RegExp(`^\\d+\\s*Referrals? of ${escapeRegExp(clientName)}$`) });
}

test.describe('Clients & Referrals: referrals (full admin)', () => {
  test('referral search finds a lead; Story Started, Paid Now, Undo Payment, revert and Delete Referral', async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const client = await registerClient(request, testInfo, 'sophie');
    const lead = await postPublicLead(playwright, baseURL!, testInfo, client);
    const reward = await referralRewardSetting(request);
    const saved = await fetchReferral(request, client, lead.referralId);
    expect(saved).toMatchObject({ status: 'pending', referrerId: client.id, phone: '+447123456789' });

    await apiSignInAsAdmin(page.request);
    const panel = await openClientsTab(page);

    // The referral search: any case and outer spaces; a count; an empty state.
    const search = panel.getByLabel('Search referrals');
    const results = panel.getByRole('region', { name: 'Referral search results' });
    await search.fill(`  ${lead.name.toUpperCase()} `);
    await expect(results.getByRole('status')).toHaveText('1 result');
    const result = results.getByRole('listitem');
    await expect(result).toHaveCount(1);
    await expect(result).toContainText(lead.name);
    await expect(result).toContainText(`Referred by ${client.name}`);
    await expect(result).toContainText('+44 7123 456789');
    await expect(result).toContainText('Pending');
    await search.fill('no-such-lead-zzzz');
    await expect(results.getByRole('status')).toHaveText('No referrals match "no-such-lead-zzzz"');
    await expect(results.getByRole('listitem')).toHaveCount(0);
    await search.fill(lead.email);
    await expect(results.getByRole('status')).toHaveText('1 result');

    // The client search finds the referrer by card number.
    const clientSearch = panel.getByLabel('Search clients');
    const clientResults = panel.getByRole('region', { name: 'Client search results' });
    await clientSearch.fill(client.cardNumber.toLowerCase());
    await expect(clientResults.getByRole('status')).toHaveText('1 result');
    await expect(clientResults.getByRole('listitem')).toContainText(client.name);
    await expect(clientResults.getByRole('listitem')).toContainText('1 referral');

    // Show jumps to the referral in its client's row, which opens.
    await result.getByRole('button', { name: `Show referral ${lead.name} of ${client.name}` }).click();
    const row = clientRow(panel, client.email);
    const item = referralItem(row, client.name, lead.name);
    await expect(item.getByRole('heading', { name: lead.name })).toBeFocused();
    await expect(referralsToggle(row, client.name)).toHaveAttribute('aria-expanded', 'true');
    await expect(referralsToggle(row, client.name)).toHaveAccessibleName(toggleName(1, client.name));
    await expect(item).toContainText(lead.email);
    await expect(item).toContainText('Phone:+44 7123 456789');
    await expect(item).toContainText('Pending');
    await expect(item).toContainText(`Referred on:${day(saved!.createdAt)}`);
    await expect(row.getByRole('img', { name: `Referral QR code of ${client.name}` })).toBeVisible();

    // Story Started: Payment Due, with the reward of the setting.
    await item.getByRole('button', { name: `Story Started for ${lead.name}` }).click();
    const owed = item.getByRole('button', { name: `Owed ${pounds(reward)}: mark ${lead.name} paid` });
    const statusBadge = item.getByRole('button', { name: `Payment Due: revert ${lead.name} to pending` });
    await expect(owed).toBeVisible();
    await expect(owed).toHaveText(`Owed ${pounds(reward)}`);
    await expect(statusBadge).toHaveText('Payment Due');
    await expect(item).toContainText(`Reward:${pounds(reward)} owed`);
    const paidNow = item.getByRole('button', { name: `Paid Now for ${lead.name}` });
    await expect(paidNow).toBeFocused();
    await expect(result).toContainText('Payment Due');
    const started = await fetchReferral(request, client, lead.referralId);
    expect(started).toMatchObject({ status: 'Payment Due', rewardAmount: reward, rewardPaid: false });
    await expect(item).toContainText(`Story started on:${day(started!.convertedAt!)}`);

    // Paid Now, confirmed (issue 29): a Paid badge, and Undo Payment for a full admin.
    await paidNow.click();
    await confirmPayment(page);
    const undo = item.getByRole('button', { name: `Undo Payment for ${lead.name}` });
    await expect(undo).toBeFocused();
    await expect(item.getByText('Paid', { exact: true })).toBeVisible();
    await expect(item).toContainText(`Reward:${pounds(reward)} paid`);
    await expect(owed).toHaveCount(0);
    await expect(statusBadge).toHaveCount(0);
    await expect(result).toContainText('Paid');
    const paid = await fetchReferral(request, client, lead.referralId);
    expect(paid).toMatchObject({ status: 'Payment Due', rewardPaid: true });
    await expect(item).toContainText(`Paid on:${day(paid!.paidAt!)}`);
    // A paid reward stays in the payment records (issue 14, point 7): no Delete is offered for it.
    await expect(item.getByRole('button', { name: `Delete referral ${lead.name}` })).toHaveCount(0);

    // Undo Payment: owed again.
    await undo.click();
    await expect(owed).toBeVisible();
    await expect(paidNow).toBeFocused();
    await expect(item.getByText('Paid', { exact: true })).toHaveCount(0);
    expect(await fetchReferral(request, client, lead.referralId)).toMatchObject({
      status: 'Payment Due',
      rewardPaid: false,
      paidAt: null,
    });
    await expect(item.getByRole('button', { name: `Delete referral ${lead.name}` })).toBeVisible();

    // Delete Client says first, from the server, what owed money the deletion would cancel; Cancel keeps all.
    // Issue 29, point 10: Delete client is in the row's More menu.
    await row.getByRole('button', { name: `More actions for ${client.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete client' }).click();
    const deleteClient = page.getByRole('alertdialog', { name: 'Delete Client' });
    await expect(deleteClient.getByRole('status')).toHaveText(
      `${pounds(reward)} owed to this client will be cancelled.`,
    );
    await deleteClient.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteClient).toBeHidden();
    await expect(owed).toBeVisible();

    // On a 375 px phone the open row (badges, details, actions, QR code) and both searches fit the width.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(owed).toBeVisible();
    await expect
      .poll(() => page.evaluate(widerThanViewport), {
        message: 'elements wider than the 375 px viewport (none expected)',
      })
      .toEqual([]);
    const box = await item.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The status badge reverts it to pending.
    await statusBadge.click();
    const storyStarted = item.getByRole('button', { name: `Story Started for ${lead.name}` });
    await expect(storyStarted).toBeFocused();
    await expect(item).toContainText('Pending');
    await expect(owed).toHaveCount(0);
    await expect(result).toContainText('Pending');
    expect(await fetchReferral(request, client, lead.referralId)).toMatchObject({
      status: 'pending',
      // The promised reward stays through a revert (issue 14, point 8).
      rewardAmount: reward,
      rewardPaid: false,
      convertedAt: null,
    });

    // Delete Referral: enabled only once its name is typed (in any case).
    await item.getByRole('button', { name: `Delete referral ${lead.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Referral' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByLabel(`Type ${lead.name} to confirm`);
    const deleteButton = dialog.getByRole('button', { name: 'Delete Referral' });
    await expect(deleteButton).toBeDisabled();
    await confirm.fill(lead.name.split(' ')[0]!);
    await expect(deleteButton).toBeDisabled();
    await confirm.fill('someone else');
    await expect(deleteButton).toBeDisabled();
    await expect(errorAlert(dialog, 'Name does not match')).toBeVisible();
    await confirm.fill(lead.name.toUpperCase());
    await expect(deleteButton).toBeEnabled();
    await deleteButton.click();

    const done = page.getByRole('alertdialog', { name: 'Referral Deleted Successfully' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(done).toBeHidden();
    await expect(item).toHaveCount(0);
    await expect(row.getByRole('heading', { name: `Referrals of ${client.name} (0)` })).toBeFocused();
    await expect(referralsToggle(row, client.name)).toHaveAccessibleName(toggleName(0, client.name));
    await expect(results.getByRole('status')).toHaveText(`No referrals match "${lead.email}"`);
    await expect(clientResults.getByRole('listitem')).toContainText('0 referrals');
    expect(await fetchReferral(request, client, lead.referralId)).toBeUndefined();

    // Clear All empties both searches.
    await panel.getByRole('button', { name: 'Clear All' }).click();
    await expect(search).toHaveValue('');
    await expect(clientSearch).toHaveValue('');
    await expect(clientSearch).toBeFocused();
    await expect(clientResults.getByRole('listitem')).toHaveCount(0);
  });

  test('Add Manual Referral: validation, then the referral appears at once; a duplicate and a self-referral add none', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const client = await registerClient(request, testInfo, 'oscar');
    await apiSignInAsAdmin(page.request);
    const panel = await openClientsTab(page);
    const row = await showClientRow(panel, client);
    await expect(referralsToggle(row, client.name)).toHaveAccessibleName(toggleName(0, client.name));

    const addButton = row.getByRole('button', { name: `Add Referral for ${client.name}` });
    await addButton.click();
    const dialog = page.getByRole('dialog', { name: 'Add Manual Referral' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Referrer')).toHaveValue(`${client.name} (${client.cardNumber})`);
    await expect(dialog.getByLabel('First name')).toBeFocused();
    const submit = dialog.getByRole('button', { name: 'Add Referral' });

    // Nothing typed.
    await submit.click();
    await expect(errorAlert(dialog, 'Please fill in all required fields')).toBeVisible();

    // A bad email address.
    const lastName = uniqueLastName(testInfo, 'manual');
    const leadName = `Emma ${capitalise(lastName)}`;
    const email = uniqueEmail(testInfo, 'manual');
    await dialog.getByLabel('First name').fill('emma');
    await dialog.getByLabel('Last name').fill(lastName);
    await dialog.getByLabel('Email').fill('not-an-email');
    await submit.click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(errorAlert(dialog, 'Please fill in all required fields')).toHaveCount(0);

    // Valid, with an optional phone typed the British way.
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByLabel('Phone (optional)').fill('07700 900123');
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${leadName} added to the referrals of ${client.name}`)).toBeVisible();
    await expect(addButton).toBeFocused();

    // At once, without a reload: the row is open, the referral is there, and the counts follow.
    const item = referralItem(row, client.name, leadName);
    await expect(item).toBeVisible();
    await expect(item).toContainText(email);
    await expect(item).toContainText('Phone:+44 7700 900123');
    await expect(item).toContainText('Pending');
    await expect(referralsToggle(row, client.name)).toHaveAccessibleName(toggleName(1, client.name));
    await expect(row.getByRole('heading', { name: `Referrals of ${client.name} (1)` })).toBeVisible();
    await panel.getByLabel('Search referrals').fill(email);
    const results = panel.getByRole('region', { name: 'Referral search results' });
    await expect(results.getByRole('status')).toHaveText('1 result');
    await expect(results.getByRole('listitem')).toContainText(`Referred by ${client.name}`);

    // The server agrees: a Manual Entry lead, recommended by the client, and a pending referral.
    const referrals = await referralsOf(request, client);
    const created = referrals.filter((r) => r.email === email);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ status: 'pending', referrerId: client.id, phone: '+447700900123' });
    const leads = await adminGet<LeadDto[]>(request, `/api/leads?q=${encodeURIComponent(email)}`);
    expect(leads.find((l) => l.email === email)).toMatchObject({
      source: 'Manual Entry',
      recommendedBy: client.name,
      referrerId: client.id,
    });

    // The same person again: told plainly, and no duplicate.
    await addButton.click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('First name').fill('emma');
    await dialog.getByLabel('Last name').fill(lastName);
    await dialog.getByLabel('Email').fill(email);
    await submit.click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'No duplicate was added.' })).toContainText(
      `${leadName} is already a referral of ${client.name}.`,
    );
    await expect(dialog.getByLabel('Email')).toHaveValue(email);

    // The client's own email: recorded as a self-referral, flagged for staff, that can earn no reward.
    await dialog.getByLabel('Email').fill(client.email);
    await submit.click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'a client cannot refer themselves' }),
    ).toContainText('The lead was recorded as a self-referral');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(referralsToggle(row, client.name)).toHaveAccessibleName(toggleName(2, client.name));
    const self = referralItem(row, client.name, leadName).filter({ hasText: client.email });
    await expect(self.getByText('Self-referral', { exact: true })).toBeVisible();
    await expect(self).toContainText('None: the client referred their own email');
    await expect(self.getByRole('button', { name: /^Story Started/ })).toHaveCount(0);
    const after = await referralsOf(request, client);
    expect(after.filter((r) => r.referrerId === client.id)).toHaveLength(2);
    expect(after.find((r) => r.email === client.email)).toMatchObject({
      selfReferral: true,
      rewardAmount: null,
    });
  });

  test('the leaderboard ranks clients by referral count, earlier-registered first on a tie, and follows changes', async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Registered in this order; counts 4, 5 and 4 (more than any other test gives a client).
    const ava = await registerClient(request, testInfo, 'ava');
    const ben = await registerClient(request, testInfo, 'ben');
    const cara = await registerClient(request, testInfo, 'cara');
    for (const [client, count] of [
      [ava, 4],
      [ben, 5],
      [cara, 4],
    ] as const) {
      for (let i = 0; i < count; i += 1) await postPublicLead(playwright, baseURL!, testInfo, client);
    }

    await apiSignInAsAdmin(page.request);
    const panel = await openClientsTab(page);
    const board = panel.getByRole('list', { name: 'Referral leaderboard', exact: true });
    const entries = board.getByRole('listitem');
    await expect(entries.first()).toBeVisible();
    expect(await entries.count()).toBeLessThanOrEqual(10);
    const entry = (client: { name: string }) => entries.filter({ hasText: client.name });

    async function order(): Promise<number[]> {
      const texts = await entries.allTextContents();
      return [ava, ben, cara].map((c) => texts.findIndex((t) => t.includes(c.name)));
    }

    await expect(entry(ben)).toContainText('5 referrals');
    await expect(entry(ava)).toContainText('4 referrals');
    await expect(entry(cara)).toContainText('4 referrals');
    let [a, b, c] = await order();
    expect(b).toBeGreaterThanOrEqual(0);
    expect(b!).toBeLessThan(a!);
    expect(a!).toBeLessThan(c!);

    // The top three have medals, said in words.
    await expect(entries.nth(0)).toContainText('1st Gold');
    await expect(entries.nth(1)).toContainText('2nd Silver');
    await expect(entries.nth(2)).toContainText('3rd Bronze');

    // One more referral for Cara: now level with Ben, who registered first, and ahead of Ava.
    await panel.getByLabel('Search clients').fill(cara.email);
    await panel
      .getByRole('region', { name: 'Client search results' })
      .getByRole('button', { name: `Show ${cara.name} in the client list` })
      .click();
    const caraRow = clientRow(panel, cara.email);
    await expect(caraRow.getByRole('heading', { name: cara.name, exact: true })).toBeFocused();
    await caraRow.getByRole('button', { name: `Add Referral for ${cara.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Manual Referral' });
    await dialog.getByLabel('First name').fill('leo');
    await dialog.getByLabel('Last name').fill(uniqueLastName(testInfo, 'board'));
    await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'board'));
    await dialog.getByRole('button', { name: 'Add Referral' }).click();
    await expect(dialog).toBeHidden();
    await expect(entry(cara)).toContainText('5 referrals');
    [a, b, c] = await order();
    expect(b!).toBeLessThan(c!);
    expect(c!).toBeLessThan(a!);
    await expect(referralsToggle(caraRow, cara.name)).toHaveAccessibleName(toggleName(5, cara.name));

    // Clicking a name shows that client's row.
    await entry(ben)
      .getByRole('button', { name: `${ben.name}: show in the client list` })
      .click();
    await expect(
      clientRow(panel, ben.email).getByRole('heading', { name: ben.name, exact: true }),
    ).toBeFocused();
  });
});

test.describe('Clients & Referrals: referrals (staff who are not full admins)', () => {
  let staff: Account;

  test.beforeEach(async ({ request }, testInfo) => {
    staff = await createAccount(request, testInfo);
  });

  test.afterEach(async ({ request }) => {
    await removeAccount(request, staff);
  });

  test('Story Started and mark paid work; no Undo Payment and no Delete, even for a paid referral', async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const client = await registerClient(request, testInfo, 'grace');
    const paidLead = await postPublicLead(playwright, baseURL!, testInfo, client, 'paul');
    const newLead = await postPublicLead(playwright, baseURL!, testInfo, client, 'nina');
    const staleLead = await postPublicLead(playwright, baseURL!, testInfo, client, 'sam');
    const reward = await referralRewardSetting(request);
    // One referral already paid and one owed, by an admin through the API.
    await apiSignInAsAdmin(request);
    for (const lead of [paidLead, staleLead]) {
      const res = await request.patch(`/api/referrals/${lead.referralId}`, {
        data: { status: 'Payment Due' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const res = await request.post(`/api/referrals/${paidLead.referralId}/payment`);
    expect(res.status(), await res.text()).toBe(200);

    await signIn(page, staff);
    const panel = await openClientsTab(page);
    const row = await showClientRow(panel, client);
    await referralsToggle(row, client.name).click();
    const paidItem = referralItem(row, client.name, paidLead.name);
    const newItem = referralItem(row, client.name, newLead.name);

    // Paid: the badge, but neither Undo Payment nor Delete for staff (anywhere on the page).
    await expect(paidItem.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paidItem).toContainText(`Reward:${pounds(reward)} paid`);
    await expect(paidItem.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Undo Payment/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);

    // Story Started, then the Owed badge marks it paid.
    await newItem.getByRole('button', { name: `Story Started for ${newLead.name}` }).click();
    const owed = newItem.getByRole('button', { name: `Owed ${pounds(reward)}: mark ${newLead.name} paid` });
    await expect(owed).toBeVisible();
    await owed.click();
    await confirmPayment(page);
    await expect(newItem.getByText('Paid', { exact: true })).toBeVisible();
    await expect(newItem.getByRole('button')).toHaveCount(0);
    expect(await fetchReferral(request, client, newLead.referralId)).toMatchObject({
      status: 'Payment Due',
      rewardAmount: reward,
      rewardPaid: true,
    });

    // Paid by someone else while this page showed it owed: the revert is refused with the server's reason,
    // and the row then shows the referral as it now is.
    const staleItem = referralItem(row, client.name, staleLead.name);
    const staleBadge = staleItem.getByRole('button', {
      name: `Payment Due: revert ${staleLead.name} to pending`,
    });
    await expect(staleBadge).toBeVisible();
    const paidElsewhere = await request.post(`/api/referrals/${staleLead.referralId}/payment`);
    expect(paidElsewhere.status(), await paidElsewhere.text()).toBe(200);
    await staleBadge.click();
    await expect(
      errorAlert(staleItem, "This referral's reward has been paid. Undo the payment first."),
    ).toBeVisible();
    await expect(staleItem.getByText('Paid', { exact: true })).toBeVisible();
    await expect(staleBadge).toHaveCount(0);
    expect(await fetchReferral(request, client, staleLead.referralId)).toMatchObject({
      status: 'Payment Due',
      rewardPaid: true,
    });

    // The server agrees that staff may neither undo a payment nor delete a referral.
    expect((await page.request.delete(`/api/referrals/${newLead.referralId}/payment`)).status()).toBe(403);
    expect((await page.request.delete(`/api/referrals/${newLead.referralId}`)).status()).toBe(403);
  });
});
