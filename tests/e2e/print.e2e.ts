import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { E2E_APP_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './a11y-support';
import {
  apiSignInAsAdmin,
  createAccount,
  errorAlert,
  removeAccount,
  signIn,
  waitForHydration,
  type Account,
} from './support';

/**
 * Issue 29, point 13, at laptop size on the built app: reception prints a team member's A6 counter card and A4
 * poster from the member's card on Team Reviews, and the referral poster from the dashboard, each a PDF that
 * downloads after a warning (this server's APP_URL is a localhost address, which no patient's phone opens). The
 * downloaded files are read back as a printer and a phone would (tests/support/read-pdf.mjs).
 */

interface ReadPdf {
  pages: { width: number; height: number }[];
  text: string;
  qr: string | null;
}

async function readPdf(download: Download): Promise<ReadPdf> {
  const bytes = await readFile(await download.path());
  const script = path.join(__dirname, '../support/read-pdf.mjs');
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(process.execPath, [script], { maxBuffer: 16 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
    );
    child.stdin!.end(bytes);
  });
  return JSON.parse(stdout) as ReadPdf;
}

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Clicks a print button, sees the warning, saves anyway; returns the download. */
async function printThroughWarning(page: Page, button: Locator): Promise<Download> {
  await button.click();
  const dialog = page.getByRole('alertdialog', { name: 'This QR code would not work on a patient’s phone' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Do not print this QR code yet');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save the PDF anyway' }).click();
  const download = await downloading;
  expect(await download.failure()).toBeNull();
  await expect(dialog).toBeHidden();
  return download;
}

let staff: Account;

test.beforeAll(async ({ request }, testInfo) => {
  staff = await createAccount(request, testInfo); // reception: staff, not a full admin
});

test.afterAll(async ({ request }) => {
  await removeAccount(request, staff);
});

test('a team member’s A6 card and A4 poster: warned, downloaded, the QR decoding to their review page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // PDFs drawn and read back, on a machine shared by many test runs
  await apiSignInAsAdmin(request);
  const lastName = `Print${letters(8)}`;
  const created = await request.post('/api/team-members', { data: { firstName: 'Siobhán', lastName } });
  expect(created.status(), await created.text()).toBe(201);
  const member = (await created.json()) as { id: string; qrCode: string };
  const name = `Siobhán ${lastName}`;
  const reviewUrl = `${E2E_APP_URL}/review/${member.qrCode}`;

  await signIn(page, staff);
  await page.goto('/team-reviews');
  await waitForHydration(page.getByRole('button', { name: 'Add Team Member' }));
  const item = page.getByRole('listitem', { name });
  const a6 = item.getByRole('button', { name: `Print A6 card of ${name}` });
  const a4 = item.getByRole('button', { name: `Print A4 poster of ${name}` });
  await expect(item.getByRole('group', { name: `Print for the desk or a room: ${name}` })).toBeVisible();
  // The buttons carry the member's warning: this server's address only this computer can open.
  await expect(a6).toHaveAccessibleDescription(/Do not print this QR code yet/);
  await expect(a4).toHaveAccessibleDescription(/Do not print this QR code yet/);
  await expectNoSeriousViolations(page, 'a team member with print buttons');

  // Cancel keeps the file back.
  await a6.click();
  const dialog = page.getByRole('alertdialog', { name: 'This QR code would not work on a patient’s phone' });
  await expect(dialog).toContainText(reviewUrl);
  await expectNoSeriousViolations(page, 'the warning before printing');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(a6).toBeFocused();

  const card = await printThroughWarning(page, a6);
  expect(card.suggestedFilename()).toBe(`review-card-a6-siobhan-${lastName.toLowerCase()}.pdf`);
  const cardPdf = await readPdf(card);
  expect(cardPdf.pages).toHaveLength(1);
  expect(cardPdf.pages[0]!.width).toBeCloseTo(297.64, 1);
  expect(cardPdf.pages[0]!.height).toBeCloseTo(419.53, 1);
  expect(cardPdf.text).toContain('Scan to review us');
  expect(cardPdf.text).toContain(name);
  expect(cardPdf.qr).toBe(reviewUrl);

  const poster = await printThroughWarning(page, a4);
  expect(poster.suggestedFilename()).toBe(`review-poster-a4-siobhan-${lastName.toLowerCase()}.pdf`);
  const posterPdf = await readPdf(poster);
  expect(posterPdf.pages[0]!.width).toBeCloseTo(595.28, 1);
  expect(posterPdf.pages[0]!.height).toBeCloseTo(841.89, 1);
  expect(posterPdf.qr).toBe(reviewUrl);

  // A member archived meanwhile (on another computer): the page says what went wrong, where it happened.
  const archived = await request.delete(`/api/team-members/${member.id}`);
  expect(archived.status(), await archived.text()).toBe(204);
  await a6.click();
  await expect(
    errorAlert(item, `Could not make the A6 counter card of ${name}. That team member does not exist.`),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'a failed print');
});

test('the referral poster from the dashboard: a loading state, the warning, an A4 PDF whose QR opens the form', async ({
  page,
}) => {
  test.setTimeout(120_000); // PDFs drawn and read back, on a machine shared by many test runs
  await signIn(page, staff);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Print referral poster' });
  await waitForHydration(button);
  await expectNoSeriousViolations(page, 'the dashboard with the poster button');

  // Held for a moment on its way, so the button's progress can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/print/referral-poster', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  const busy = page.getByRole('button', { name: 'Preparing… the PDF' });
  await expect(busy).toBeVisible();
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  release();

  const dialog = page.getByRole('alertdialog', { name: 'This QR code would not work on a patient’s phone' });
  await expect(dialog).toContainText(`${E2E_APP_URL}/recommendation-details`);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save the PDF anyway' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^referral-poster-a4-[a-z0-9-]+\.pdf$/);
  const pdf = await readPdf(download);
  expect(pdf.pages[0]!.width).toBeCloseTo(595.28, 1);
  expect(pdf.pages[0]!.height).toBeCloseTo(841.89, 1);
  expect(pdf.text).toMatch(/Earn £[\d,]+ cash per referral/);
  expect(pdf.text).toContain('Recommended by a friend?');
  expect(pdf.qr).toBe(`${E2E_APP_URL}/recommendation-details`);
  await page.unroute('**/api/print/referral-poster');

  // The server failing: the reason under the button.
  await page.route('**/api/print/referral-poster', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Something went wrong."}',
    }),
  );
  await button.click();
  await expect(errorAlert(page, 'Could not make the referral poster. Something went wrong.')).toBeVisible();
});
