import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MONTH_NAMES } from '../../lib/period';
import { currentUkMonth } from '../../lib/uk-time';
import { expectNoSeriousViolations, settle } from './a11y-support';
import {
  badge,
  confirmPayment,
  convertReferral,
  createClient,
  outstandingRow,
  payDialog,
  summaryGroup,
} from './pay-confirm';
import { apiSignInAsAdmin, collectConsoleErrors } from './support';

/**
 * Issue 29 (points 1 and 9) on a 375 px phone, as a full admin: Paid Now and Pay All Outstanding confirm first,
 * naming the amount and the payee (and warning when no bank details are held), and Download Bank File says how
 * many payees the file holds before it downloads. Each dialog fits the screen (nothing scrolls sideways, the
 * dialog lies inside the viewport) and axe finds no serious violation in it. The database is shared with the
 * other tests, so the clients and referrals made here carry unique names and are only looked for by them.
 */

const TAB = 'Payments & Reporting';

/** Eight random digits: an account number no other test's client shares. */
const accountNumber = () => String(10_000_000 + Math.floor(Math.random() * 90_000_000));

async function openPayments(page: Page): Promise<void> {
  await apiSignInAsAdmin(page.request);
  await page.goto('/');
  await page.getByRole('tab', { name: TAB }).click();
  await expect(page.getByRole('tabpanel', { name: TAB })).toBeVisible();
}

/**
 * The open dialog fits the phone: the page does not scroll sideways, the dialog lies wholly inside the viewport,
 * and nothing inside the dialog is wider than it (it scrolls on its own, so a wide child would not widen the page).
 */
async function expectDialogFitsPhone(page: Page, dialog: Locator, what: string): Promise<void> {
  await settle(page);
  const viewport = page.viewportSize()!;
  expect(viewport.width).toBe(375);
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(sizes.scrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(sizes.innerWidth);
  const box = await dialog.boundingBox();
  expect(box, `${what} is on screen`).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  const inner = await dialog.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(inner.scrollWidth, `${what}: its content is wider than it`).toBeLessThanOrEqual(inner.clientWidth);
}

test.describe('Payments on a 375 px phone (full admin)', () => {
  test('Paid Now confirms the amount and the payee, warns of no bank details, fits, and pays', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await apiSignInAsAdmin(request);
    const client = await createClient(request, testInfo, 'aaron');
    const conversion = await convertReferral(request, testInfo, client, 'bella', 175);

    const consoleErrors = collectConsoleErrors(page);
    await openPayments(page);
    const row = outstandingRow(page, conversion);
    await expect(row).toHaveCount(1);
    const payNow = row.getByRole('button', { name: `Paid Now for ${conversion.name}` });
    await payNow.scrollIntoViewIfNeeded();
    await payNow.click();

    const dialog = payDialog(page);
    await expect(dialog).toContainText(
      `The reward for ${conversion.name}'s referral: £175 to ${client.name}.`,
    );
    await expect(dialog.getByTestId('no-bank-details-warning')).toContainText(
      `No bank details are held for ${client.name}.`,
    );
    await expect(dialog).toContainText(/is emailed (at once )?that it is paid/);
    await expectDialogFitsPhone(page, dialog, 'the Paid Now confirmation');
    await expectNoSeriousViolations(page, 'phone: the Paid Now confirmation, no bank details held');

    await confirmPayment(page);
    await expect(badge(row, 'Paid')).toBeVisible();
    await expect(row.getByRole('button', { name: `Undo payment for ${conversion.name}` })).toBeVisible();
    const res = await request.get(`/api/referrals?clientId=${client.id}`);
    expect(res.status()).toBe(200);
    const saved = ((await res.json()) as { id: string; rewardPaid: boolean }[]).find(
      (r) => r.id === conversion.id,
    );
    expect(saved?.rewardPaid).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("Pay All Outstanding's confirmation names the amount and the payee, fits, and pays", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { year, month } = currentUkMonth();
    const period = `${MONTH_NAMES[month - 1]!} ${year}`;
    await apiSignInAsAdmin(request);
    const account = accountNumber();
    const client = await createClient(request, testInfo, 'abigail', {
      sortCode: '20-40-60',
      accountNumber: account,
      accountName: 'Abigail Payee',
    });
    await convertReferral(request, testInfo, client, 'carys', 120);
    await convertReferral(request, testInfo, client, 'dora', 80);

    const consoleErrors = collectConsoleErrors(page);
    await openPayments(page);
    const group = summaryGroup(page, client);
    await expect(group).toHaveCount(1);
    const payAll = group.getByRole('button', { name: `Pay All Outstanding for ${client.name}` });
    await payAll.scrollIntoViewIfNeeded();
    await payAll.click();

    const dialog = page.getByRole('alertdialog', { name: 'Pay All Outstanding' });
    await expect(dialog).toContainText(
      `Mark 2 conversions of ${client.name} in ${period} as paid: £200 in total.`,
    );
    await expect(dialog).toContainText(`Pay to 20-40-60 / ${account} (Abigail Payee).`);
    await expect(dialog.getByTestId('no-bank-details-warning')).toHaveCount(0);
    await expect(dialog).toContainText(/is emailed (at once )?that it is paid/);
    await expectDialogFitsPhone(page, dialog, 'the Pay All confirmation');
    await expectNoSeriousViolations(page, 'phone: the Pay All Outstanding confirmation');

    await dialog.getByRole('button', { name: 'Pay £200' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(badge(group, 'Fully Paid')).toBeVisible();
    await expect(group.getByRole('button', { name: /Pay All Outstanding/ })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('Download Bank File says how many payees and who is left out before downloading, and fits', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await apiSignInAsAdmin(request);
    const account = accountNumber();
    const payee = await createClient(request, testInfo, 'adele', {
      sortCode: '30-50-70',
      accountNumber: account,
      accountName: 'Adele Payee',
    });
    await convertReferral(request, testInfo, payee, 'elin', 60);
    const withoutDetails = await createClient(request, testInfo, 'agnes');
    await convertReferral(request, testInfo, withoutDetails, 'fern', 45);

    const consoleErrors = collectConsoleErrors(page);
    await openPayments(page);
    const region = page.getByRole('region', { name: 'Bank payment file' });
    const open = region.getByRole('button', { name: 'Download Bank File' });
    await open.scrollIntoViewIfNeeded();
    await open.click();

    // Before anything downloads: how many payees (at least this test's), and who is left out, and why. Other
    // tests pay and owe at the same time, so the count is read from the dialog, not predicted.
    const dialog = page.getByRole('alertdialog', { name: 'Download the bank file?' });
    const says = dialog.getByText(/^The file pays [\d,]+ payees?, £[\d,.]+ in all: one line each/);
    await expect(says).toBeVisible();
    const download = dialog.getByRole('button', { name: /^Download file \(/ });
    // The sentence and the button name the same number (read together: the preview may be refreshed meanwhile).
    await expect
      .poll(async () => {
        const count = /pays ([\d,]+) payee/.exec((await says.textContent()) ?? '')?.[1];
        const label = /^Download file \(([\d,]+) payees?\)$/.exec(
          (await download.textContent())?.trim() ?? '',
        )?.[1];
        return count !== undefined && count === label && Number(count.replace(/,/g, '')) >= 1;
      })
      .toBe(true);
    await expect(dialog.getByRole('list', { name: 'Left out of the bank file' })).toContainText(
      `${withoutDetails.name}, £45: no bank details on file`,
    );
    await expectDialogFitsPhone(page, dialog, 'the Download Bank File dialog');
    await expectNoSeriousViolations(page, 'phone: the Download Bank File dialog');

    // The file it then downloads pays this test's payee: the Bacs name, the 6-digit sort code, the amount and
    // the card number as the reference.
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^bank-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await file.path();
    const lines = (await readFile(path, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('Account name,Sort code,Account number,Amount,Reference');
    expect(lines).toContain(`ADELE PAYEE,305070,${account},60.00,${payee.cardNumber}`);
    expect(lines.join('\n')).not.toContain(withoutDetails.cardNumber);
    await expect(dialog).toHaveCount(0);
    await expect(region.getByRole('status')).toContainText(`Downloaded ${file.suggestedFilename()}: `);
    expect(consoleErrors).toEqual([]);
  });
});
