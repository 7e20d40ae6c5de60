import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { formatPence, formatPounds } from '../../lib/money';
import { currentUkMonth } from '../../lib/uk-time';
import { E2E_APP_URL, E2E_BASE_URL } from '../../playwright.config';
import {
  apiSignInAsAdmin,
  createAccount,
  errorAlert,
  removeAccount,
  signIn,
  signInAsAdmin,
  waitForHydration,
  type Account,
} from './support';

/**
 * The Team Reviews page ('Rewards for Reviews') on the real API and database. The database is shared with
 * tests running at the same time: this file finds its own members by unique names and never assumes global
 * counts.
 */

const TEAM_CODE = /^TM-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}$/;

interface MemberDto {
  id: string;
  firstName: string;
  lastName: string;
  qrCode: string;
  reviewUrl: string;
  reviewsCount: number;
  totalEarned: number;
  monthlyEarned: number;
}

interface ReviewDto {
  id: string;
  teamMemberId: string;
  reviewerName: string;
  bonusAmount: number;
  isPaid: boolean;
  status: string;
}

interface StatsDto {
  totalScans: number;
  uniqueVisitors: number;
  pendingScans: number;
  leaderboard: { teamMemberId: string; name: string; reviewsCount: number; totalEarned: number }[];
}

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** A lower-case last name no other test (nor worker, nor retry) uses; the server title-cases it. */
function uniqueLastName(testInfo: TestInfo): string {
  const worker = String.fromCharCode(97 + (testInfo.workerIndex % 26));
  const retry = String.fromCharCode(97 + (testInfo.retry % 26));
  return `reviewer${worker}${retry}${letters(8)}`;
}

const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The members as GET /api/team-members has them (`request` signed in as staff). */
async function members(request: APIRequestContext): Promise<MemberDto[]> {
  const res = await request.get('/api/team-members');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as MemberDto[];
}

async function stats(request: APIRequestContext): Promise<StatsDto> {
  const res = await request.get('/api/team-stats');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as StatsDto;
}

/** The reviews of a member in this month's bonus report (`request` signed in as a full admin). */
async function monthReviews(request: APIRequestContext, memberId: string): Promise<ReviewDto[]> {
  const { year, month } = currentUkMonth();
  const res = await request.get(`/api/team-reviews?year=${year}&month=${month}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { members: { teamMemberId: string; reviews: ReviewDto[] }[] };
  return body.members.find((m) => m.teamMemberId === memberId)?.reviews ?? [];
}

/** Best-effort clean-up of members a test made (a test may already have deleted them). */
async function deleteMembers(request: APIRequestContext, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await apiSignInAsAdmin(request);
  for (const m of await members(request)) {
    if (names.includes(m.lastName)) {
      const res = await request.delete(`/api/team-members/${m.id}`);
      expect([204, 404]).toContain(res.status());
    }
  }
}

async function openTeamReviews(page: Page): Promise<void> {
  await page.goto('/team-reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards for Reviews' })).toBeVisible();
  await waitForHydration(page.getByRole('button', { name: 'Add Team Member' }));
}

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name, exact: true });
}

/** The value of a figure (<dt>label</dt><dd>value</dd>) inside `scope`. */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function addMemberThroughForm(page: Page, firstName: string, lastName: string): Promise<Locator> {
  const panel = page.getByRole('tabpanel', { name: 'Team Members' });
  await panel.getByLabel('First name').fill(firstName);
  await panel.getByLabel('Last name').fill(lastName);
  await panel.getByRole('button', { name: 'Add Team Member' }).click();
  const name = `${capitalise(firstName)} ${capitalise(lastName)}`;
  const item = panel.getByRole('listitem', { name, exact: true });
  await expect(item).toBeVisible();
  return item;
}

/** Totals are shared by every test: what the page shows must lie between two API reads around its load. */
function between(value: number, a: number, b: number) {
  expect(value).toBeGreaterThanOrEqual(Math.min(a, b));
  expect(value).toBeLessThanOrEqual(Math.max(a, b));
}

test.describe('Team Reviews as a full admin', () => {
  const made: string[] = [];

  test.afterEach(async ({ request }) => {
    await deleteMembers(request, made.splice(0));
  });

  test('add a member, verify a scan by its link, pay and undo bonuses, see the figures and the leaderboard, archive', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    test.setTimeout(180_000);
    const lastName = uniqueLastName(testInfo);
    made.push(capitalise(lastName));
    const name = `Amelia ${capitalise(lastName)}`;

    // Timers run as usual; the clock can be moved on to close the 30-second Undo windows.
    await page.clock.install();
    await signInAsAdmin(page);
    await openTeamReviews(page);
    const panel = page.getByRole('tabpanel', { name: 'Team Members' });

    // ------------------------------------------------------------------------------------ add a member
    await panel.getByRole('button', { name: 'Add Team Member' }).click();
    await expect(errorAlert(panel, 'First name and last name are required')).toBeVisible();
    await expect(panel.getByLabel('First name')).toBeFocused();
    await panel.getByLabel('First name').fill('   ');
    await panel.getByLabel('Last name').fill(lastName);
    await panel.getByRole('button', { name: 'Add Team Member' }).click();
    await expect(errorAlert(panel, 'First name and last name are required')).toBeVisible();

    const item = await addMemberThroughForm(page, 'amelia', lastName);
    await expect(errorAlert(panel, 'First name and last name are required')).toHaveCount(0);
    // Ready for the next member.
    await expect(panel.getByLabel('First name')).toHaveValue('');
    await expect(panel.getByLabel('First name')).toBeFocused();

    await apiSignInAsAdmin(request);
    const member = (await members(request)).find((m) => m.lastName === capitalise(lastName));
    expect(member).toBeDefined();
    const { id: memberId, qrCode } = member!;
    expect(qrCode).toMatch(TEAM_CODE);
    await expect(item.getByText(qrCode, { exact: true })).toBeVisible();
    await expect(item.getByLabel(`Review link of ${name}`)).toHaveValue(`${E2E_APP_URL}/review/${qrCode}`);
    await expect(figure(item, 'Reviews')).toHaveText('0');
    await expect(figure(item, 'Earned this month')).toHaveText(formatPounds(0));

    // The card says which address the code holds, and warns before printing one only this network opens
    // (the test server's address is 127.0.0.1).
    await expect(item).toContainText(`This code opens ${E2E_APP_URL}/review/${qrCode}`);
    await expect(item.getByRole('note')).toContainText('Do not print this QR code yet');
    await expect(
      item.getByRole('button', { name: `Download QR code of ${name}` }),
    ).toHaveAccessibleDescription(/Do not print this QR code yet/);

    // The QR code shows (loaded, 200 px) and downloads at 300 px, its address written under it, as
    // QR-Code-First-Last.png.
    const qr = item.getByRole('img', { name: `Review QR code of ${name}` });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    const downloading = page.waitForEvent('download');
    await item.getByRole('button', { name: `Download QR code of ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`QR-Code-Amelia-${capitalise(lastName)}.png`);
    const image = PNG.sync.read(await readFile(await download.path()));
    expect(image.width).toBe(300);
    expect(image.height).toBeGreaterThan(300); // the caption under the code
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(
      `${E2E_APP_URL}/review/${qrCode}`,
    );

    // ------------------------------------------------------------------- a visitor scans the QR code
    const before = await stats(page.request);
    const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    try {
      const scan = await anonymous.post('/api/track-scan', {
        data: { teamMemberId: memberId, sessionId: `e2e-${letters(16)}`, isUniqueVisitor: true },
      });
      expect(scan.status(), await scan.text()).toBe(201);
    } finally {
      await anonymous.dispose();
    }

    // ------------------------------------------------------------------------------- verify the scan
    const verify = await openTab(page, 'Verify Reviews');
    // The scan came after the page loaded: Refresh fetches it.
    await verify.getByRole('button', { name: 'Refresh the pending scans' }).click();
    const pending = verify.getByRole('list', { name: 'Pending scans' });
    const scanItem = pending.getByRole('listitem').filter({ hasText: name });
    await expect(scanItem).toHaveCount(1);
    await expect(scanItem).toContainText('No platform chosen');
    const approveButton = scanItem.getByRole('button', { name: /^Verify & Approve/ });
    await expect(approveButton).toBeDisabled();
    // Verified by the review's link (issue 18): a link elsewhere is refused, a Google one names its platform.
    const linkInput = scanItem.getByLabel(/^Review link/);
    const reviewerInput = scanItem.getByLabel(/^Reviewer name/);
    await reviewerInput.fill('Pat Reviewer');
    await expect(approveButton).toBeDisabled();
    await linkInput.fill('https://example.com/my-review');
    await linkInput.blur();
    await expect(linkInput).toHaveAccessibleDescription(/must be on Google .* or Trustpilot/);
    await expect(approveButton).toBeDisabled();
    const reviewLink = `https://g.page/r/e2e-${letters(12)}/review`;
    await linkInput.fill(reviewLink);
    await expect(scanItem).toContainText('A Google review.');
    await reviewerInput.fill('   ');
    await expect(approveButton).toBeDisabled();
    await reviewerInput.fill('Pat Reviewer');
    await expect(approveButton).toBeEnabled();

    const approving = page.waitForResponse(
      (r) => r.url().includes('/api/team-scans/') && r.url().endsWith('/approve'),
    );
    await reviewerInput.press('Enter'); // the keyboard way: Enter in the name field approves
    const approved = (await (await approving).json()) as ReviewDto;
    expect(approved).toMatchObject({
      reviewerName: 'Pat Reviewer',
      teamMemberId: memberId,
      status: 'Bonus Due',
      platform: 'google',
      reviewUrl: reviewLink,
    });
    const bonus = approved.bonusAmount;
    await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

    // At once, without a reload: one more review and its bonus in this month's earnings.
    await openTab(page, 'Team Members');
    await expect(figure(item, 'Reviews')).toHaveText('1');
    await expect(figure(item, 'Earned this month')).toHaveText(formatPounds(bonus));
    await openTab(page, 'Verify Reviews');

    // By hand: every field is required, with its own message.
    const addReview = verify.getByRole('region', { name: 'Add Verified Review' });
    await addReview.getByLabel('Review date').fill('');
    await addReview.getByRole('button', { name: 'Add Verified Review' }).click();
    // Each message is shown under its field and is that field's description for screen readers.
    await expect(addReview.getByLabel('Team member')).toHaveAccessibleDescription('Choose a team member');
    await expect(addReview.getByLabel('Reviewer name')).toHaveAccessibleDescription(
      'Enter the reviewer’s name',
    );
    await expect(addReview.getByLabel('Review date')).toHaveAccessibleDescription(
      'Enter the date of the review',
    );
    await expect(addReview.getByLabel('Review link')).toHaveAccessibleDescription(
      /Enter the review’s link \(its https address on Google or Trustpilot\)/,
    );
    await expect(addReview.getByLabel('Team member')).toBeFocused();
    await addReview.getByLabel('Team member').selectOption({ label: name });
    await addReview.getByLabel('Reviewer name').fill('Sam Second');
    const { year, month } = currentUkMonth();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await addReview.getByLabel('Review date').fill(today);
    await addReview.getByLabel('Review link').fill(`https://uk.trustpilot.com/reviews/e2e-${letters(16)}`);
    await expect(addReview).toContainText('Platform: Trustpilot (from the link).');
    const adding = page.waitForResponse(
      (r) => r.url().endsWith('/api/team-reviews') && r.request().method() === 'POST',
    );
    await addReview.getByRole('button', { name: 'Add Verified Review' }).click();
    const added = (await (await adding).json()) as ReviewDto;
    expect((await adding).status()).toBe(201);
    expect(added).toMatchObject({ reviewerName: 'Sam Second', teamMemberId: memberId });
    await expect(addReview.getByLabel('Reviewer name')).toHaveValue('');

    // The member's count and this month's earnings moved without a reload.
    await openTab(page, 'Team Members');
    await expect(figure(item, 'Reviews')).toHaveText('2');
    await expect(figure(item, 'Earned this month')).toHaveText(formatPounds(bonus + added.bonusAmount));
    await expect(figure(item, 'Total earned')).toHaveText(formatPounds(bonus + added.bonusAmount));

    // ------------------------------------------------------------------------------------- bonuses
    const payments = await openTab(page, 'Bonus Payments');
    await expect(payments.getByLabel('Month')).toHaveValue(String(month));
    await expect(payments.getByLabel('Year')).toHaveValue(String(year));
    const group = payments.getByRole('listitem', { name, exact: true });
    const first = group.getByRole('listitem').filter({ hasText: 'Pat Reviewer' });
    const second = group.getByRole('listitem').filter({ hasText: 'Sam Second' });
    await expect(first).toContainText('Bonus Due');
    await expect(second).toContainText('Bonus Due');
    // Each review's link, for anyone to open.
    await expect(first.getByRole('link', { name: /^Open review by Pat Reviewer on Google/ })).toHaveAttribute(
      'href',
      reviewLink,
    );
    const paidText = (amount: number) => `${formatPence(Math.round(amount * 100))} Paid`;

    // Mark Paid, then Undo within the 30 seconds.
    await first.getByRole('button', { name: /^Mark Paid/ }).click();
    await expect(first).toContainText(paidText(bonus));
    const undo = first.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeVisible();
    await expect(undo).toBeFocused(); // the same button: focus stays on it
    await undo.click();
    await expect(first).toContainText('Bonus Due');
    expect((await monthReviews(request, memberId)).every((r) => !r.isPaid)).toBe(true);

    // Pay the first, then Pay All Outstanding pays only the second; its undo restores exactly that one.
    await first.getByRole('button', { name: /^Mark Paid/ }).click();
    await expect(first).toContainText(paidText(bonus));
    await group.getByRole('button', { name: /^Pay All Outstanding/ }).click();
    await expect(second).toContainText(paidText(added.bonusAmount));
    await expect(group.getByRole('button', { name: /^Pay All Outstanding/ })).toHaveCount(0);
    await group.getByRole('button', { name: /^Undo Bulk Payment/ }).click();
    await expect(second).toContainText('Bonus Due');
    await expect(first).toContainText(paidText(bonus));
    let reviews = await monthReviews(request, memberId);
    expect(reviews.find((r) => r.id === approved.id)?.isPaid).toBe(true);
    expect(reviews.find((r) => r.id === added.id)?.isPaid).toBe(false);

    // Pay all again: both are paid, and the bulk payment can be undone for 30 seconds, then no more.
    const payAll = group.getByRole('button', { name: /^Pay All Outstanding/ });
    await payAll.click();
    await expect(second).toContainText(paidText(added.bonusAmount));
    const undoBulk = group.getByRole('button', { name: /^Undo Bulk Payment/ });
    await expect(undoBulk).toBeVisible();
    await expect(undoBulk).toBeFocused(); // the same button: focus stays on it
    reviews = await monthReviews(request, memberId);
    expect(reviews.map((r) => r.isPaid)).toEqual([true, true]);
    await page.clock.fastForward('00:31');
    await expect(undoBulk).toHaveCount(0);
    await expect(first.getByRole('button')).toHaveCount(0);
    await expect(second.getByRole('button')).toHaveCount(0);
    await expect(payAll).toHaveCount(0);
    await expect(first).toContainText(paidText(bonus));
    await expect(second).toContainText(paidText(added.bonusAmount));
    // Focus, which was on the vanished button, went to the member's name rather than the page's top.
    await expect(group.getByRole('heading', { name, exact: true })).toBeFocused();

    // --------------------------------------------------------------------- scan tracking, leaderboard
    const tracking = await openTab(page, 'Scan Tracking & Leaderboard');
    const around = await stats(page.request);
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/team-stats');
    await tracking.getByRole('button', { name: 'Refresh the scan figures' }).click();
    await refreshed;
    const after = await stats(page.request);
    const shown = async (label: string) =>
      Number((await figure(tracking, label).innerText()).replace(/,/g, ''));
    between(await shown('Total scans'), around.totalScans, after.totalScans);
    between(await shown('Unique visitors'), around.uniqueVisitors, after.uniqueVisitors);
    between(await shown('Pending verification'), around.pendingScans, after.pendingScans);
    // Our scan is counted (nobody deletes members of other tests while this one runs).
    expect(after.totalScans).toBeGreaterThan(before.totalScans);

    const perMember = tracking
      .getByRole('list', { name: 'Scans per team member' })
      .getByRole('listitem')
      .filter({
        hasText: name,
      });
    await expect(perMember).toContainText('1 scan');
    await expect(perMember).toContainText('1 unique visitor');
    await expect(perMember).toContainText('2 reviews');

    const leaderboard = tracking.getByRole('list', { name: 'Review leaderboard' });
    await expect(leaderboard.getByRole('listitem').filter({ hasText: name })).toContainText('2 reviews');
    // The first place always has a medal written out, not only a colour (our member has reviews).
    await expect(leaderboard.getByRole('listitem').first()).toContainText('1st Gold');
    const bonusBoard = tracking.getByRole('list', { name: 'Team bonus leaderboard' });
    await expect(bonusBoard.getByRole('listitem').filter({ hasText: name })).toContainText(
      formatPounds(bonus + added.bonusAmount),
    );

    // ----------------------------------------------------------------------------------- archive
    await openTab(page, 'Team Members');
    await item.getByRole('button', { name: `Archive ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Archive ${name}?` });
    await expect(dialog).toContainText('their QR code stops counting visits');
    await expect(dialog).toContainText('every month’s bonuses stay as they were');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toBeVisible();
    expect((await members(request)).some((m) => m.id === memberId)).toBe(true);

    await item.getByRole('button', { name: `Archive ${name}` }).click();
    await dialog.getByRole('button', { name: 'Archive Team Member' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Team Members', exact: true })).toBeFocused();
    expect((await members(request)).some((m) => m.id === memberId)).toBe(false);
    // Listed among the archived, to be restored.
    const archived = panel.getByRole('list', { name: 'Archived team members' }).getByRole('listitem').filter({
      hasText: name,
    });
    await expect(archived.getByRole('button', { name: `Restore ${name}` })).toBeVisible();
    // Its reviews stay in the bonus month, marked archived: money records are never rewritten.
    await openTab(page, 'Bonus Payments');
    const archivedGroup = payments.getByRole('listitem', { name, exact: true });
    await expect(archivedGroup).toHaveCount(1);
    await expect(archivedGroup).toContainText('Archived');
    await expect(archivedGroup).toContainText(`Paid ${formatPounds(bonus + added.bonusAmount)}`);
    expect((await monthReviews(request, memberId)).length).toBe(2);
  });

  test('fits a 375 px phone: no tab scrolls sideways', async ({ page }, testInfo) => {
    const lastName = uniqueLastName(testInfo);
    made.push(capitalise(lastName));
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsAdmin(page);
    await openTeamReviews(page);
    await addMemberThroughForm(page, 'noah', lastName);

    for (const tab of ['Team Members', 'Verify Reviews', 'Scan Tracking & Leaderboard', 'Bonus Payments']) {
      const panel = await openTab(page, tab);
      await expect(panel.locator('[data-slot="skeleton"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `the ${tab} tab is wider than the phone`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('Team Reviews as other staff', () => {
  let staff: Account;
  const made: string[] = [];

  test.beforeEach(async ({ request }, testInfo) => {
    staff = await createAccount(request, testInfo);
  });

  test.afterEach(async ({ request }) => {
    await deleteMembers(request, made.splice(0));
    await removeAccount(request, staff);
  });

  test('two tabs; can add members and see the figures, cannot delete', async ({ page }, testInfo) => {
    const lastName = uniqueLastName(testInfo);
    made.push(capitalise(lastName));
    const name = `Olivia ${capitalise(lastName)}`;

    await signIn(page, staff);
    await openTeamReviews(page);
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText([
      'Team Members',
      'Scan Tracking & Leaderboard',
    ]);

    const item = await addMemberThroughForm(page, 'olivia', lastName);
    await expect(item.getByText(TEAM_CODE)).toBeVisible();
    await expect(item.getByRole('img', { name: `Review QR code of ${name}` })).toBeVisible();
    await expect(item.getByRole('button', { name: `Download QR code of ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Archive/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit name/ })).toHaveCount(0);

    const tracking = await openTab(page, 'Scan Tracking & Leaderboard');
    await expect(figure(tracking, 'Total scans')).toHaveText(/^\d[\d,]*$/);
    await expect(
      tracking
        .getByRole('list', { name: 'Scans per team member' })
        .getByRole('listitem')
        .filter({ hasText: name }),
    ).toContainText('0 scans');
    await expect(
      tracking
        .getByRole('list', { name: 'Review leaderboard' })
        .getByRole('listitem')
        .filter({ hasText: name }),
    ).toContainText('0 reviews');

    // The admin-only calls are refused to this account, whatever the page shows.
    expect((await page.request.get('/api/team-scans')).status()).toBe(403);
  });
});
