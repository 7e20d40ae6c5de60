import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatPounds } from '../../lib/money';
import { periodLabel } from '../../lib/period';
import { currentUkMonth } from '../../lib/uk-time';
import { E2E_BASE_URL } from '../../playwright.config';
import { signInAsAdmin, waitForHydration } from './support';

/**
 * Issue 18, end to end on the real server and database: a scan is verified with the review's link, a month's
 * bonus is paid from the outstanding list, the payment shows in the bonus audit log and the payroll sheet, and
 * after the member is archived last month's bonus is unchanged.
 */

interface ReviewDto {
  id: string;
  bonusAmount: number;
  reviewUrl: string | null;
}
interface MonthDto {
  members: { teamMemberId: string; name: string; archived: boolean; totalOwed: number; totalPaid: number }[];
}

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const pad = (n: number) => String(n).padStart(2, '0');

async function monthOf(request: APIRequestContext, year: number, month: number): Promise<MonthDto> {
  const res = await request.get(`/api/team-reviews?year=${year}&month=${month}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as MonthDto;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name, exact: true });
}

test('verify a scan by its link, pay last month from what is owed, see it in the audit and the payroll sheet, archive: last month unchanged', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const api = page.request; // signed in with the browser's session
  const lastName = `Payroll${letters(10)}`;
  const name = `Pia ${lastName}`;
  const created = await api.post('/api/team-members', { data: { firstName: 'Pia', lastName } });
  expect(created.status(), await created.text()).toBe(201);
  const member = (await created.json()) as { id: string };

  // Last month: a review found by hand, its bonus still owed.
  const now = currentUkMonth();
  const last = now.month === 1 ? { year: now.year - 1, month: 12 } : { year: now.year, month: now.month - 1 };
  const lastReview = await api.post('/api/team-reviews', {
    data: {
      teamMemberId: member.id,
      reviewerName: 'Lena Last',
      reviewDate: `${last.year}-${pad(last.month)}-15`,
      reviewUrl: `https://uk.trustpilot.com/reviews/e2e-${letters(16)}`,
    },
  });
  expect(lastReview.status(), await lastReview.text()).toBe(201);
  const lastBonus = ((await lastReview.json()) as ReviewDto).bonusAmount;

  // A patient opens the member's review page (the public call the page makes).
  const visitor = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const scan = await visitor.post('/api/track-scan', {
      data: { teamMemberId: member.id, sessionId: `e2e-${letters(16)}`, isUniqueVisitor: true },
    });
    expect(scan.status(), await scan.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }

  await page.goto('/team-reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
  await waitForHydration(page.getByRole('button', { name: 'Add Team Member' }));

  // ------------------------------------------------------------------ verify the scan with its link
  const verify = await openTab(page, 'Verify Reviews');
  const scanItem = verify
    .getByRole('list', { name: 'Pending scans' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(scanItem).toHaveCount(1);
  await expect(scanItem).toContainText('No platform chosen');
  const link = `https://www.google.com/maps/reviews/e2e-${letters(16)}?utm_source=share`;
  await scanItem.getByLabel(/^Review link/).fill(link);
  await scanItem.getByLabel(/^Reviewer name/).fill('Theo Today');
  const approving = page.waitForResponse((r) => r.url().endsWith('/approve'));
  await scanItem.getByRole('button', { name: /^Verify & Approve/ }).click();
  const approved = await approving;
  expect(approved.status()).toBe(201);
  expect(((await approved.json()) as ReviewDto).reviewUrl).toBe(link);
  await expect(scanItem).toHaveCount(0);

  // The same review cannot be credited again, however its link was copied.
  const again = await api.post('/api/team-reviews', {
    data: {
      teamMemberId: member.id,
      reviewerName: 'Someone',
      reviewDate: `${now.year}-${pad(now.month)}-01`,
      reviewUrl: link.replace('https://www.', 'https://').replace('?utm_source=share', '/'),
    },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    `This review is already credited to ${name}.`,
  );

  // ------------------------------------------------------ pay last month from the outstanding list
  const payments = await openTab(page, 'Bonus Payments');
  const owed = payments
    .getByRole('list', { name: 'Outstanding bonuses by team member' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(owed).toContainText('2 reviews');
  await owed.getByRole('button', { name: new RegExp(`^${periodLabel(last)}: `) }).click();
  await expect(payments.getByLabel('Month', { exact: true })).toHaveValue(String(last.month));
  await expect(payments.getByLabel('Year', { exact: true })).toHaveValue(String(last.year));
  await expect(payments.getByRole('heading', { name: `${periodLabel(last)} Team Bonuses` })).toBeFocused();
  const group = payments.getByRole('listitem', { name, exact: true });
  await expect(group).toContainText('Lena Last');
  await expect(group.getByRole('link', { name: /^Open review by Lena Last on Trustpilot/ })).toBeVisible();
  await group.getByRole('button', { name: /^Pay All Outstanding/ }).click();
  await expect(group).toContainText(`Paid ${formatPounds(lastBonus)}`);
  await expect(group).toContainText(`Owed ${formatPounds(0)}`);
  // Only this month's review is still owed to them.
  await expect(owed).toContainText('1 review');
  await expect(owed.getByRole('button', { name: new RegExp(`^${periodLabel(last)}: `) })).toHaveCount(0);

  // ------------------------------------------------------------------------------- the audit log
  const audit = payments
    .getByRole('list', { name: 'Team bonus payments, newest first' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText('Paid');
  await expect(audit).toContainText('Lena Last');
  await expect(audit).toContainText(formatPounds(lastBonus));

  // --------------------------------------------------------------------------- the payroll sheet
  const downloading = page.waitForEvent('download');
  await payments.getByRole('link', { name: `Payroll CSV for ${periodLabel(last)}` }).click();
  const sheet = await downloading;
  expect(sheet.suggestedFilename()).toBe(`team-bonuses-${last.year}-${pad(last.month)}.csv`);
  const csv = await readFile(await sheet.path(), 'utf8');
  expect(csv).toContain(`"${name}","1","0.00","${lastBonus.toFixed(2)}"`);

  // -------------------------------------------------- archive the member: last month is unchanged
  const before = await monthOf(api, last.year, last.month);
  const members = await openTab(page, 'Team Members');
  const item = members.getByRole('listitem', { name, exact: true });
  await item.getByRole('button', { name: `Archive ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Archive ${name}?` });
  await dialog.getByRole('button', { name: 'Archive Team Member' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);

  const after = await monthOf(api, last.year, last.month);
  expect(after).toEqual({
    ...before,
    members: before.members.map((m) => (m.teamMemberId === member.id ? { ...m, archived: true } : m)),
  });
  await openTab(page, 'Bonus Payments');
  await expect(group).toContainText('Archived');
  await expect(group).toContainText(`Paid ${formatPounds(lastBonus)}`);
  await expect(group).toContainText('Lena Last');

  // Clean-up is the archive itself: the member's records stay, as a clinic's would.
});
