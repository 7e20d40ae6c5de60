import { expect, test, type Locator, type Page } from '@playwright/test';
import { MONTH_NAMES } from '../../lib/period';
import { currentUkMonth } from '../../lib/uk-time';
import { expectNoSeriousViolations } from './a11y-support';
import { downloadCsv } from './csv-support';
import {
  badge,
  confirmPayment,
  convertReferral,
  createClient,
  outstandingRow,
  payDialog,
  summaryGroup,
  type Client,
  type Conversion,
} from './pay-confirm';
import {
  apiSignInAsAdmin,
  collectConsoleErrors,
  createAccount,
  E2E_ADMIN,
  mainNav,
  removeAccount,
  signIn,
} from './support';

/**
 * The Payments & Reporting tab, end to end against the real API and database. The database is shared with
 * every other test running at the same time, so this test's clients and referrals carry unique names and are
 * only ever looked for by those names.
 */

const TAB = 'Payments & Reporting';
const MONTH_CSV_HEADER = ['Client', 'Sort code', 'Account number', 'Amount (GBP)', 'Card number', 'Status'];
const AUDIT_CSV_HEADER = [
  'Date and time (UK)',
  'Action',
  'Client',
  'Referral',
  'Amount (GBP)',
  'Performed by',
  'Details',
];
const DATE_TIME = /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/;

function tabPanel(page: Page): Locator {
  return page.getByRole('tabpanel', { name: TAB });
}

function auditEntries(page: Page, conversion: Conversion): Locator {
  return page
    .getByRole('region', { name: 'Payments Audit Log' })
    .getByRole('list', { name: 'Payment actions, newest first' })
    .getByRole('listitem')
    .filter({ hasText: conversion.name });
}

test.describe('Payments & Reporting (full admin)', () => {
  test('outstanding alert with undo, the month summary, Pay All, the audit log, CSVs and the print view', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { year, month } = currentUkMonth();
    const monthName = MONTH_NAMES[month - 1]!;

    // Two conversions of one client (with bank details) and one of another, all this month.
    await apiSignInAsAdmin(request);
    const alice = await createClient(request, testInfo, 'alice', {
      sortCode: '12-34-56',
      accountNumber: '12345678',
      accountName: 'Alice Payee',
    });
    const bruno = await createClient(request, testInfo, 'bruno');
    const big = await convertReferral(request, testInfo, alice, 'carla', 1250);
    const small = await convertReferral(request, testInfo, alice, 'dylan', 150);
    const third = await convertReferral(request, testInfo, bruno, 'emma', 200);

    const consoleErrors = collectConsoleErrors(page);
    await apiSignInAsAdmin(page.request);
    await page.goto('/');
    await page.getByRole('tab', { name: TAB }).click();
    const panel = tabPanel(page);
    await expect(panel).toBeVisible();

    // The report defaults to this month in the UK, with 2024 and 2025 among the years.
    await expect(panel.getByLabel('Month', { exact: true })).toHaveValue(String(month));
    await expect(panel.getByLabel('Year', { exact: true })).toHaveValue(String(year));
    await expect(panel.getByLabel('Month', { exact: true }).locator('option')).toHaveText([...MONTH_NAMES]);
    await expect(panel.getByLabel('Year', { exact: true }).locator('option').first()).toHaveText('2024');
    await expect(
      panel.getByLabel('Year', { exact: true }).locator('option', { hasText: '2025' }),
    ).toHaveCount(1);
    await expect(
      panel.getByRole('heading', { level: 3, name: `${monthName} ${year} Payment Summary` }),
    ).toBeVisible();

    // Each client's group: name, bank details, badges, conversions, total and Pay All.
    const aliceGroup = summaryGroup(page, alice);
    const brunoGroup = summaryGroup(page, bruno);
    await expect(aliceGroup).toHaveCount(1);
    await expect(aliceGroup.getByText('BACS: 12-34-56 / 12345678')).toBeVisible();
    await expect(badge(aliceGroup, 'Owed')).toBeVisible();
    await expect(badge(aliceGroup, 'Paid')).toHaveCount(0);
    await expect(aliceGroup.getByText('Total £1,400')).toBeVisible();
    const aliceToggle = aliceGroup.getByRole('button', { name: `2 conversions of ${alice.name}` });
    await expect(aliceToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(
      aliceGroup.getByRole('button', { name: `Pay All Outstanding for ${alice.name}` }),
    ).toBeVisible();
    await expect(brunoGroup.getByText('No BACS details on file')).toBeVisible();
    await expect(brunoGroup.getByText('BACS:')).toHaveCount(0);
    await expect(brunoGroup.getByRole('button', { name: `1 conversion of ${bruno.name}` })).toBeVisible();
    await expect(brunoGroup.getByText('Total £200')).toBeVisible();

    // The alert lists each unpaid conversion with its client, reward, date and days since.
    const smallRow = outstandingRow(page, small);
    await expect(smallRow).toHaveCount(1);
    await expect(smallRow).toContainText(alice.name);
    await expect(smallRow).toContainText('£150');
    await expect(smallRow).toContainText('today');
    await expect(outstandingRow(page, big)).toContainText('£1,250');
    await expect(outstandingRow(page, third)).toContainText(bruno.name);

    // The tab reloads each time it is shown again: a conversion made meanwhile appears.
    const fourth = await convertReferral(request, testInfo, bruno, 'felix', 80);
    await page.getByRole('tab', { name: 'Add Client' }).click();
    await page.getByRole('tab', { name: TAB }).click();
    await expect(outstandingRow(page, fourth)).toContainText('£80');
    await expect(brunoGroup.getByRole('button', { name: `2 conversions of ${bruno.name}` })).toBeVisible();
    await expect(brunoGroup.getByText('Total £280')).toBeVisible();

    // Paid Now asks first (issue 29): the amount, the payee and where it goes, and when they are emailed.
    await smallRow.getByRole('button', { name: `Paid Now for ${small.name}` }).click();
    const confirmDialog = payDialog(page);
    await expect(confirmDialog).toContainText(
      `The reward for ${small.name}'s referral: £150 to ${alice.name}.`,
    );
    await expect(confirmDialog).toContainText('Pay to Alice Payee, account ending 5678.');
    await expect(confirmDialog).toContainText(
      /is emailed that it is paid in \d+ minutes?; an Undo before then/,
    );
    await expect(confirmDialog.getByTestId('no-bank-details-warning')).toHaveCount(0);
    await expect(confirmDialog).not.toContainText('12345678');
    await expectNoSeriousViolations(page, 'Payments: the Paid Now confirmation');
    // Cancel pays nothing.
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDialog).toHaveCount(0);
    await expect(badge(smallRow, 'Paid')).toHaveCount(0);
    // Paid from the alert: the row stays, offering Undo; the summary follows without a reload.
    await smallRow.getByRole('button', { name: `Paid Now for ${small.name}` }).click();
    await confirmPayment(page);
    const undo = smallRow.getByRole('button', { name: `Undo payment for ${small.name}` });
    await expect(undo).toBeVisible();
    await expect(badge(smallRow, 'Paid')).toBeVisible();
    await expect(badge(aliceGroup, 'Paid')).toBeVisible();
    await expect(badge(aliceGroup, 'Owed')).toBeVisible();

    // Undo (within the 30 seconds): unpaid again, everywhere.
    await undo.click();
    await expect(smallRow.getByRole('button', { name: `Paid Now for ${small.name}` })).toBeVisible();
    await expect(badge(aliceGroup, 'Paid')).toHaveCount(0);

    // And paid again.
    await smallRow.getByRole('button', { name: `Paid Now for ${small.name}` }).click();
    await confirmPayment(page);
    await expect(undo).toBeVisible();
    await expect(badge(aliceGroup, 'Paid')).toBeVisible();

    // Expanded: each conversion with its amount and status; the status says what a click would do.
    await aliceToggle.click();
    await expect(aliceToggle).toHaveAttribute('aria-expanded', 'true');
    const aliceConversions = aliceGroup.getByRole('list', { name: `Conversions of ${alice.name}` });
    const bigItem = aliceConversions.getByRole('listitem').filter({ hasText: big.name });
    const smallItem = aliceConversions.getByRole('listitem').filter({ hasText: small.name });
    await expect(bigItem).toContainText('£1,250');
    await expect(smallItem).toContainText('£150');
    // Amounts other than the fixed reward were a full admin's change, and the row says so (issue 28).
    await expect(bigItem).toContainText('Amount changed from £');
    await expect(bigItem).toContainText(`to £1,250 by ${E2E_ADMIN.email} on `);
    await expect(smallItem).toContainText(`to £150 by ${E2E_ADMIN.email} on `);
    const payBig = bigItem.getByRole('button', { name: `Paid Now for ${big.name}` });
    await expect(payBig.getByText('Due Payment')).toBeVisible();
    await expect(payBig.getByText('Paid Now')).toBeHidden();
    await payBig.hover();
    await expect(payBig.getByText('Paid Now')).toBeVisible();
    await expect(payBig.getByText('Due Payment')).toBeHidden();
    const undoSmall = smallItem.getByRole('button', { name: `Undo payment for ${small.name}` });
    await page.mouse.move(0, 0);
    await expect(undoSmall.getByText('Paid ↶')).toBeVisible();
    await undoSmall.hover();
    await expect(undoSmall.getByText('Undo Payment')).toBeVisible();

    // By keyboard: open Bruno's group, pay a conversion from its status and undo it again.
    const brunoToggle = brunoGroup.getByRole('button', { name: `2 conversions of ${bruno.name}` });
    await brunoToggle.focus();
    await page.keyboard.press('Enter');
    await expect(brunoToggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(
      brunoGroup.getByRole('button', { name: `Pay All Outstanding for ${bruno.name}` }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    const payThird = brunoGroup.getByRole('button', { name: `Paid Now for ${third.name}` });
    await expect(payThird).toBeFocused();
    await expect(payThird.getByText('Paid Now')).toBeVisible();
    await page.keyboard.press('Enter');
    // No bank details for Bruno: the confirmation warns, clearly (issue 29).
    await expect(payDialog(page).getByTestId('no-bank-details-warning')).toContainText(
      `No bank details are held for ${bruno.name}.`,
    );
    await confirmPayment(page, { keyboard: true });
    const undoThird = brunoGroup.getByRole('button', { name: `Undo payment for ${third.name}` });
    await expect(undoThird).toBeFocused();
    await expect(undoThird.getByText('Undo Payment')).toBeVisible();
    await expect(outstandingRow(page, third)).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(payThird).toBeFocused();
    await expect(outstandingRow(page, third)).toHaveCount(1);
    await expect(badge(brunoGroup, 'Paid')).toHaveCount(0);

    // Pay All Outstanding: confirmed first, with the amount; then 'Fully Paid'.
    await aliceGroup.getByRole('button', { name: `Pay All Outstanding for ${alice.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Pay All Outstanding' });
    await expect(dialog).toContainText(`Mark 1 conversion of ${alice.name} in ${monthName} ${year} as paid`);
    await expect(dialog).toContainText('£1,250');
    await expect(dialog).toContainText('Pay to 12-34-56 / 12345678 (Alice Payee).');
    await expect(dialog).toContainText(/is emailed that it is paid in \d+ minutes?; an Undo before then/);
    await dialog.getByRole('button', { name: 'Pay £1,250' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(badge(aliceGroup, 'Fully Paid')).toBeVisible();
    await expect(aliceGroup.getByRole('button', { name: /Pay All Outstanding/ })).toHaveCount(0);
    await expect(badge(aliceGroup, 'Owed')).toHaveCount(0);
    await expect(aliceToggle).toBeFocused();
    await expect(bigItem.getByRole('button', { name: `Undo payment for ${big.name}` })).toBeVisible();
    await expect(outstandingRow(page, big)).toHaveCount(0);
    await expect(aliceGroup.getByText('Total £1,400')).toBeVisible();

    // The audit log: who did what, for how much, when; newest first.
    const auditCard = page.getByRole('region', { name: 'Payments Audit Log' });
    await expect(
      auditCard.getByText('Detailed log of all payment-related actions with timestamps'),
    ).toBeVisible();
    const smallEntries = auditEntries(page, small);
    // The oldest is the full admin's change of the reward at Story Started (issue 28).
    await expect(smallEntries).toHaveCount(4);
    for (const [i, action] of (['Paid', 'Undone', 'Paid', 'Reward changed'] as const).entries()) {
      const item = smallEntries.nth(i);
      await expect(badge(item, action)).toBeVisible();
      await expect(item).toContainText(alice.name);
      await expect(item).toContainText('£150');
      await expect(item).toContainText(`by ${E2E_ADMIN.email}`);
      await expect(item.locator('time')).toHaveText(DATE_TIME);
    }
    await expect(smallEntries.nth(3)).toContainText(/Reward changed from £[\d,.]+ to £150\.00/);
    await expect(auditEntries(page, big)).toHaveCount(2);
    await expect(badge(auditEntries(page, big).first(), 'Paid')).toBeVisible();
    await expect(badge(auditEntries(page, big).nth(1), 'Reward changed')).toBeVisible();
    await expect(auditEntries(page, big).first()).toContainText('£1,250');
    await expect(auditEntries(page, third)).toHaveCount(2);

    // The month's CSV: a report for the clinic, named for what it is (issue 29, point 9).
    await expect(panel).toContainText('not a file for your bank');
    const monthCsv = await downloadCsv(
      page,
      panel.getByRole('link', { name: `Download report (CSV) for ${monthName} ${year}` }),
    );
    expect(monthCsv.download.suggestedFilename()).toBe(
      `referral-report-${year}-${String(month).padStart(2, '0')}.csv`,
    );
    const [header, ...lines] = monthCsv.rows;
    expect(header).toEqual([
      ...MONTH_CSV_HEADER,
      'Referral',
      `Story started (UK time) in ${monthName} ${year}`,
      'Bank details',
    ]);
    const mine = (client: Client) => lines.filter((l) => l[0] === client.name);
    expect(mine(alice).map((l) => l.slice(0, 7))).toEqual([
      [alice.name, '12-34-56', '12345678', '1250.00', alice.cardNumber, 'Paid', big.name],
      [alice.name, '12-34-56', '12345678', '150.00', alice.cardNumber, 'Paid', small.name],
    ]);
    expect(mine(bruno).map((l) => l.slice(0, 7))).toEqual([
      [bruno.name, '', '', '200.00', bruno.cardNumber, 'Owed', third.name],
      [bruno.name, '', '', '80.00', bruno.cardNumber, 'Owed', fourth.name],
    ]);
    for (const line of [...mine(alice), ...mine(bruno)]) expect(line[7]).toMatch(DATE_TIME);

    // The audit log's CSV.
    const auditCsv = await downloadCsv(page, auditCard.getByRole('link', { name: 'Download Audit CSV' }));
    expect(auditCsv.download.suggestedFilename()).toMatch(/^payment-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(auditCsv.rows[0]).toEqual(AUDIT_CSV_HEADER);
    const smallLines = auditCsv.rows.filter((l) => l[3] === small.name);
    expect(smallLines.map((l) => l.slice(1))).toEqual([
      ['Paid', alice.name, small.name, '150.00', E2E_ADMIN.email, ''],
      ['Undone', alice.name, small.name, '150.00', E2E_ADMIN.email, ''],
      ['Paid', alice.name, small.name, '150.00', E2E_ADMIN.email, ''],
      [
        'Reward changed',
        alice.name,
        small.name,
        '150.00',
        E2E_ADMIN.email,
        expect.stringMatching(/^Reward changed from £[\d,.]+ to £150\.00$/),
      ],
    ]);
    for (const line of smallLines) expect(line[0]).toMatch(DATE_TIME);

    // Print: the button prints, and only the month's summary is printed, every client expanded, no buttons.
    await page.evaluate(() => {
      const w = window as unknown as { printCalls: number };
      w.printCalls = 0;
      window.print = () => {
        w.printCalls += 1;
      };
    });
    await panel.getByRole('button', { name: `Print the ${monthName} ${year} summary` }).click();
    expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
    // The print view exists only while printing, so it never doubles the summary on screen.
    const printView = page.getByTestId('payments-print-view');
    await expect(printView).toHaveCount(0);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(printView).toContainText(/Printed \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\./);
    await expect(printView).toBeHidden();
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(printView).toHaveCount(0);
    await page.emulateMedia({ media: 'print' });
    await expect(printView).toBeVisible();
    await expect(printView.getByRole('heading', { level: 1 })).toHaveText(
      `${monthName} ${year} Payment Summary`,
    );
    const alicePrint = printView
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: alice.name }) });
    await expect(alicePrint).toContainText('BACS: 12-34-56 / 12345678');
    await expect(alicePrint.getByRole('row').filter({ hasText: big.name })).toContainText('£1,250');
    await expect(alicePrint.getByRole('row').filter({ hasText: small.name })).toContainText('Paid');
    const brunoPrint = printView
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: bruno.name }) });
    await expect(brunoPrint.getByRole('row').filter({ hasText: fourth.name })).toContainText('Due Payment');
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByRole('button')).toHaveCount(0);
    await page.emulateMedia({ media: 'screen' });
    await expect(printView).toHaveCount(0);

    // On a 375 px phone nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(aliceGroup).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('Payments & Reporting: the undo window', () => {
  test('a reward paid from the alert offers Undo for 30 seconds, then leaves the alert', async ({
    page,
    request,
  }, testInfo) => {
    await apiSignInAsAdmin(request);
    const client = await createClient(request, testInfo, 'gwen');
    const conversion = await convertReferral(request, testInfo, client, 'hugo', 95);

    // The page's own clock, moved on by hand: no test waits 30 real seconds.
    await page.clock.install();
    await apiSignInAsAdmin(page.request);
    await page.goto('/');
    await page.getByRole('tab', { name: TAB }).click();
    const row = outstandingRow(page, conversion);
    await row.getByRole('button', { name: `Paid Now for ${conversion.name}` }).click();
    await confirmPayment(page);
    const undo = row.getByRole('button', { name: `Undo payment for ${conversion.name}` });
    await expect(undo).toBeVisible();

    // The fake clock also flows with real time until paused: pause it now, a moment after the payment, so
    // that only the time moved on below counts (plus the few real seconds a busy machine took to get here).
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.clock.runFor(15_000);
    await expect(undo).toBeVisible();
    await page.clock.runFor(16_000);
    await expect(row).toHaveCount(0);

    // It stays paid: the window closed, nothing was undone.
    // The client's referrals: the whole list is paged.
    const res = await request.get(`/api/referrals?clientId=${client.id}`);
    const saved = ((await res.json()) as { id: string; rewardPaid: boolean }[]).find(
      (r) => r.id === conversion.id,
    );
    expect(saved?.rewardPaid).toBe(true);
  });
});

test.describe('Payments & Reporting (other staff)', () => {
  test('the tab is absent and the payments API answers 403', async ({ page, request }, testInfo) => {
    const staff = await createAccount(request, testInfo);
    try {
      await signIn(page, staff);
      await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Add Client' })).toBeVisible();
      await expect(page.getByRole('tab', { name: TAB })).toHaveCount(0);

      const { year, month } = currentUkMonth();
      for (const path of [
        `/api/payments/report?year=${year}&month=${month}`,
        '/api/payments/outstanding',
        '/api/payments/audit',
        `/api/payments/report.csv?year=${year}&month=${month}`,
        '/api/payments/audit.csv',
      ]) {
        const res = await page.request.get(path);
        expect(res.status(), path).toBe(403);
      }
      const payAll = await page.request.post('/api/payments/pay-all', {
        data: { clientId: staff.id, year, month },
      });
      expect(payAll.status()).toBe(403);
    } finally {
      await removeAccount(request, staff);
    }
  });
});
