import {
  devices,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiSignInAsAdmin, waitForHydration } from './support';

/**
 * Issue 6 in one go: a full admin adds a team member; a patient opens the member's QR link on a phone and
 * chooses Google; the admin verifies the resulting scan, pays the bonus, undoes it, pays all, and sees the
 * counters and the leaderboard move. It changes the Google link setting, so it runs in review.phone.e2e.ts among
 * the other tests that do, one after another.
 */

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  return page.getByRole('tabpanel', { name, exact: true });
}

export async function reviewJourney({
  browser,
  page,
  request,
}: {
  browser: Browser;
  page: Page;
  request: APIRequestContext;
}): Promise<void> {
  test.setTimeout(120_000);
  // Every e2e Google link is a Place ID on search.google.com (tests that change it say so).
  await apiSignInAsAdmin(request);
  expect(
    (await request.patch('/api/settings', { data: { googleReviewLink: 'ChIJjourney-e2e-place' } })).status(),
  ).toBe(200);

  // 1. A full admin adds the member on the page.
  await apiSignInAsAdmin(page.request);
  await page.goto('/team-reviews');
  await waitForHydration(page.getByRole('button', { name: 'Add Team Member' }));
  const lastName = `journey${letters(8)}`;
  const name = `Nadia ${capitalise(lastName)}`;
  const members = page.getByRole('tabpanel', { name: 'Team Members' });
  await members.getByLabel('First name').fill('nadia');
  await members.getByLabel('Last name').fill(lastName);
  await members.getByRole('button', { name: 'Add Team Member' }).click();
  const item = members.getByRole('listitem', { name, exact: true });
  await expect(item).toBeVisible();
  const reviewUrl = await item.getByLabel(`Review link of ${name}`).inputValue();
  expect(reviewUrl).toMatch(/\/review\/TM-[A-NP-Z0-9]{4}(-[A-NP-Z0-9]{4}){3}$/);

  // 2. A patient opens the QR link on a phone and chooses Google: a new tab opens there.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 375, height: 812 } });
  try {
    await phone.route('https://search.google.com/**', (route) => route.fulfill({ body: 'ok' }));
    const visitor = await phone.newPage();
    const scanned = visitor.waitForResponse((r) => r.url().endsWith('/api/track-scan'));
    await visitor.goto(reviewUrl);
    await expect(visitor.getByRole('heading', { name: 'Leave Us a Review' })).toBeVisible();
    await expect(visitor.getByText('Do you have a Google account?')).toBeVisible();
    expect((await scanned).status()).toBe(201);
    const chosen = visitor.waitForResponse((r) => r.url().endsWith('/api/track-review-platform'));
    const [popup] = await Promise.all([
      visitor.waitForEvent('popup'),
      visitor.getByRole('button', { name: 'Yes - Review on Google' }).click(),
    ]);
    expect(popup.url()).toMatch(/^https:\/\/search\.google\.com\/local\/writereview\?placeid=/);
    expect((await chosen).status()).toBe(201);
  } finally {
    await phone.close();
  }

  // 3. The admin verifies the scan the visit made.
  const verify = await openTab(page, 'Verify Reviews');
  await verify.getByRole('button', { name: 'Refresh the pending scans' }).click();
  const scan = verify
    .getByRole('list', { name: 'Pending scans' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(scan).toHaveCount(1);
  await expect(scan).toContainText(/google/i);
  await scan
    .getByLabel(/^Review link/)
    .fill(`https://g.page/r/journey-${Date.now()}-${Math.random().toString(36).slice(2)}/review`);
  await scan.getByLabel(/^Reviewer name/).fill('Priya Patient');
  await scan.getByRole('button', { name: /^Verify & Approve/ }).click();
  await expect(scan).toHaveCount(0);

  // 4. Pay it, undo within 30 seconds, then pay all.
  const payments = await openTab(page, 'Bonus Payments');
  const group = payments.getByRole('listitem', { name, exact: true });
  const review = group.getByRole('listitem').filter({ hasText: 'Priya Patient' });
  await expect(review).toContainText('Bonus Due');
  await review.getByRole('button', { name: /^Mark Paid/ }).click();
  await expect(review).toContainText(/£[\d,.]+ Paid/);
  await review.getByRole('button', { name: /^Undo/ }).click();
  await expect(review).toContainText('Bonus Due');
  await group.getByRole('button', { name: /^Pay All Outstanding/ }).click();
  await expect(review).toContainText(/£[\d,.]+ Paid/);

  // 5. The counters and the leaderboard moved.
  const tracking = await openTab(page, 'Scan Tracking & Leaderboard');
  await tracking.getByRole('button', { name: 'Refresh the scan figures' }).click();
  const perMember = tracking
    .getByRole('list', { name: 'Scans per team member' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(perMember).toContainText('1 scan');
  await expect(perMember).toContainText('1 unique visitor');
  await expect(
    tracking
      .getByRole('list', { name: 'Review leaderboard' })
      .getByRole('listitem')
      .filter({ hasText: name }),
  ).toContainText('1 review');

  // Tidy up: members are shared by every test.
  const list = (await (await request.get('/api/team-members')).json()) as { id: string; lastName: string }[];
  const mine = list.find((m) => m.lastName === capitalise(lastName));
  if (mine) expect((await request.delete(`/api/team-members/${mine.id}`)).status()).toBe(204);
}
