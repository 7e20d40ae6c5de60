/**
 * The public review page ('Leave Us a Review', spec section 2; issue 6 section 1) on a phone, against the real
 * API and database: the scan a visit records, the two review sites, and the 'Review Links' settings card.
 */
import { E2E_CLINIC } from './clinic-profile';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { reviewJourney } from './review-journey';
import {
  apiSignInAsAdmin,
  card,
  collectConsoleErrors,
  createAccount,
  removeAccount,
  signIn,
  signInAsAdmin,
  waitForHydration,
} from './support';

interface Member {
  id: string;
  firstName: string;
  lastName: string;
  qrCode: string;
  reviewUrl: string;
  scans: number;
  uniqueVisitors: number;
}

interface PendingScan {
  id: string;
  teamMemberId: string;
  memberName: string;
  platform: 'google' | 'trustpilot' | null;
  scannedTime: string;
}

const PLACE_ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const GOOGLE_URL = `https://search.google.com/local/writereview?placeid=${PLACE_ID}`;
const TRUSTPILOT_URL = 'https://uk.trustpilot.com/evaluate/e2e-smile-clinic.co.uk';
const SOON = 'Trustpilot review link coming soon!';
const GOOGLE_BUTTON = 'Yes - Review on Google';
const TRUSTPILOT_BUTTON = 'No - Review on Trustpilot';

function letters(count: number): string {
  let out = '';
  while (out.length < count) out += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return out;
}

/** A team member, added through the API by the first full admin (names are stored title-cased). */
async function addMember(request: APIRequestContext): Promise<Member> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/team-members', {
    data: { firstName: 'sophie', lastName: `review${letters(8)}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const member = (await res.json()) as Member;
  expect(member.qrCode).toMatch(/^TM-[A-NP-Z0-9]{4}(-[A-NP-Z0-9]{4}){3}$/);
  expect(member.reviewUrl).toMatch(new RegExp(`/review/${member.qrCode}$`));
  return member;
}

async function removeMember(request: APIRequestContext, member: Member | undefined): Promise<void> {
  if (!member) return;
  await apiSignInAsAdmin(request);
  const res = await request.delete(`/api/team-members/${member.id}`);
  expect([204, 404]).toContain(res.status());
}

async function pendingScansOf(request: APIRequestContext, member: Member): Promise<PendingScan[]> {
  await apiSignInAsAdmin(request);
  const res = await request.get('/api/team-scans');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as PendingScan[]).filter((scan) => scan.teamMemberId === member.id);
}

async function countsOf(request: APIRequestContext, member: Member) {
  await apiSignInAsAdmin(request);
  const res = await request.get('/api/team-members');
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as Member[]).find((m) => m.id === member.id);
  expect(found, 'the member is listed').toBeTruthy();
  return { scans: found!.scans, uniqueVisitors: found!.uniqueVisitors };
}

async function setReviewLinks(
  request: APIRequestContext,
  links: { googleReviewLink?: string | null; trustpilotReviewLink?: string | null },
): Promise<void> {
  await apiSignInAsAdmin(request);
  const res = await request.patch('/api/settings', { data: links });
  expect(res.status(), await res.text()).toBe(200);
}

const isPost = (path: string) => (req: Request) =>
  req.method() === 'POST' && new URL(req.url()).pathname === path;

/** Opens a member's review page as an anonymous visitor and waits until its buttons work. */
async function openReviewPage(page: Page, member: Member): Promise<void> {
  await page.goto(`/review/${member.qrCode}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Leave Us a Review' })).toBeVisible();
  await waitForHydration(page.getByRole('button', { name: GOOGLE_BUTTON }));
}

/** Records (and dismisses) any alert, confirm or prompt: the page must not use them. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

function status(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

test.describe('the review page on a phone', () => {
  // Several page loads and API checks each: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });
  let member: Member | undefined;
  test.afterEach(async ({ request }) => {
    await removeMember(request, member);
    member = undefined;
  });

  test('a visit shows the stars, the question and both choices, and records one pending scan', async ({
    page,
    request,
  }) => {
    member = await addMember(request);
    const consoleErrors = collectConsoleErrors(page);
    const scanCalls: Request[] = [];
    page.on('request', (req) => {
      if (isPost('/api/track-scan')(req)) scanCalls.push(req);
    });
    const dialogs = watchDialogs(page);

    const firstScan = page.waitForResponse((res) => isPost('/api/track-scan')(res.request()));
    await page.goto(`/review/${member.qrCode}`);
    await expect(page).toHaveTitle(`Leave Us a Review · ${E2E_CLINIC.clinicName}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leave Us a Review' })).toBeVisible();
    const stars = page.getByTestId('review-stars');
    await expect(stars).toBeVisible();
    await expect(stars).toHaveAttribute('aria-hidden', 'true');
    await expect(stars.locator('svg')).toHaveCount(5);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Do you have a Google account?' }),
    ).toBeVisible();
    // Every visitor sees both review sites.
    await expect(page.getByRole('button', { name: GOOGLE_BUTTON })).toBeVisible();
    await expect(page.getByRole('button', { name: TRUSTPILOT_BUTTON })).toBeVisible();
    await expect(page.getByText('Sophie and the team')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The scan: the member's id, the browser, a stored session id, and a first visit is unique.
    const response = await firstScan;
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ created: true });
    const stored = await page.evaluate(() => ({
      sessionId: localStorage.getItem('review.sessionId'),
      scanned: localStorage.getItem('review.scannedMembers'),
      userAgent: navigator.userAgent,
    }));
    expect(stored.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(response.request().postDataJSON()).toEqual({
      teamMemberId: member.id,
      userAgent: stored.userAgent,
      sessionId: stored.sessionId,
      isUniqueVisitor: true,
    });
    // The member joins the scanned list after the successful call.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('review.scannedMembers') ?? '[]')))
      .toEqual([member.id]);

    // Staff see a pending scan for the member, and the counters moved by one.
    const pending = await pendingScansOf(request, member);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      teamMemberId: member.id,
      memberName: `${member.firstName} ${member.lastName}`,
      platform: null,
    });
    expect(await countsOf(request, member)).toEqual({ scans: 1, uniqueVisitors: 1 });

    // Reloading the page is the same visit: not unique any more, and no second scan.
    const secondScan = page.waitForResponse((res) => isPost('/api/track-scan')(res.request()));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Leave Us a Review' })).toBeVisible();
    const again = await secondScan;
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ created: false });
    expect(again.request().postDataJSON()).toMatchObject({
      teamMemberId: member.id,
      sessionId: stored.sessionId,
      isUniqueVisitor: false,
    });
    expect(await pendingScansOf(request, member)).toHaveLength(1);
    expect(await countsOf(request, member)).toEqual({ scans: 1, uniqueVisitors: 1 });
    // One call per page view (no double call from React's effects).
    expect(scanCalls).toHaveLength(2);
    expect(consoleErrors).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test('an unknown member shows the not-found state and tracks nothing', async ({ page }) => {
    const scanCalls: string[] = [];
    page.on('request', (req) => {
      if (isPost('/api/track-scan')(req)) scanCalls.push(req.url());
    });
    for (const path of ['/review/TM-AAAA-BBBB-CCCC-DDDD', '/review/not-a-team-member']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Review Link Not Found' })).toBeVisible();
      await expect(page).toHaveTitle('Review Link Not Found');
      // Why, and what to do instead, in a patient's words, with the clinic's contact details (issue 29).
      await expect(
        page.getByText(
          `they may no longer work at ${E2E_CLINIC.clinicName}. Please ask a member of the team for their QR code`,
        ),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
      await expect(page.getByRole('button', { name: GOOGLE_BUTTON })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    expect(scanCalls).toEqual([]);
  });
});

/** These tests change the shared review-link settings, so they run one after another. */
test.describe('the review sites', () => {
  test.describe.configure({ mode: 'default', timeout: 60_000 });

  let member: Member | undefined;
  test.afterEach(async ({ request }) => {
    await removeMember(request, member);
    member = undefined;
    // Leave the Trustpilot link as unset, as the tests found it.
    await setReviewLinks(request, { trustpilotReviewLink: null });
  });

  test('a tracking failure is logged only: the page still works', async ({ page, request }) => {
    member = await addMember(request);
    await setReviewLinks(request, { trustpilotReviewLink: null });
    const consoleErrors = collectConsoleErrors(page);
    // The visitor's connection drops for the tracking calls (the API itself is not replaced).
    await page.route('**/api/track-*', (route) => route.abort('connectionfailed'));
    await openReviewPage(page, member);
    await expect
      .poll(() => consoleErrors.some((e) => e.includes('Failed to track the review page scan')))
      .toBe(true);
    // Not remembered as scanned, so the next visit still counts as unique.
    expect(await page.evaluate(() => localStorage.getItem('review.scannedMembers'))).toBeNull();
    await page.getByRole('button', { name: TRUSTPILOT_BUTTON }).click();
    await expect(status(page, SOON)).toBeVisible();
    await expect
      .poll(() => consoleErrors.some((e) => e.includes('Failed to track the review platform choice')))
      .toBe(true);
    expect(await pendingScansOf(request, member)).toHaveLength(0);
  });

  test("'Yes - Review on Google' opens the clinic's Google review page in a new tab and records the choice", async ({
    page,
    context,
    request,
  }) => {
    await setReviewLinks(request, { googleReviewLink: PLACE_ID });
    // No internet needed: Google's page is answered here.
    await context.route('https://search.google.com/**', (route) =>
      route.fulfill({ body: 'ok', contentType: 'text/plain' }),
    );
    member = await addMember(request);
    const scanned = page.waitForResponse((res) => isPost('/api/track-scan')(res.request()));
    await openReviewPage(page, member);
    expect((await scanned).status()).toBe(201);

    const google = page.getByRole('button', { name: GOOGLE_BUTTON });
    await expect(google).toHaveAccessibleDescription('Opens in a new tab');
    const reported = page.waitForResponse((res) => isPost('/api/track-review-platform')(res.request()));
    const [popup] = await Promise.all([page.waitForEvent('popup'), google.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(GOOGLE_URL);
    await expect(popup.locator('body')).toHaveText('ok');
    // The new tab cannot reach back into the review page.
    expect(await popup.evaluate(() => window.opener)).toBeNull();

    const report = await reported;
    expect(report.status()).toBe(201);
    const sessionId = await page.evaluate(() => localStorage.getItem('review.sessionId'));
    expect(report.request().postDataJSON()).toEqual({
      teamMemberId: member.id,
      platform: 'google',
      sessionId,
    });
    await expect(status(page, 'Thank you! Google has opened in a new tab.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Google' })).toHaveAttribute('href', GOOGLE_URL);

    // Staff see the visitor's choice on the pending scan.
    await expect
      .poll(async () => (await pendingScansOf(request, member!)).map((s) => s.platform))
      .toEqual(['google']);

    // A full link works too, and the keyboard opens it as well.
    await setReviewLinks(request, {
      googleReviewLink: 'https://search.google.com/local/writereview?placeid=ChIJfull-link-e2e',
    });
    await openReviewPage(page, member);
    await google.focus();
    const [second] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await second.waitForLoadState();
    expect(second.url()).toBe('https://search.google.com/local/writereview?placeid=ChIJfull-link-e2e');
  });

  test("'No - Review on Trustpilot' says the link is coming soon until it is set, then opens it", async ({
    page,
    context,
    request,
  }) => {
    await setReviewLinks(request, { trustpilotReviewLink: null });
    await context.route('https://uk.trustpilot.com/**', (route) =>
      route.fulfill({ body: 'ok', contentType: 'text/plain' }),
    );
    member = await addMember(request);
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    const dialogs = watchDialogs(page);
    await openReviewPage(page, member);

    // From the keyboard: the two choices are the page's first stops.
    const trustpilot = page.getByRole('button', { name: TRUSTPILOT_BUTTON });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: GOOGLE_BUTTON })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(trustpilot).toBeFocused();
    const reported = page.waitForResponse((res) => isPost('/api/track-review-platform')(res.request()));
    await page.keyboard.press('Space');
    await expect(status(page, SOON)).toBeVisible();
    await expect(trustpilot).toBeFocused();
    expect((await reported).request().postDataJSON()).toMatchObject({
      teamMemberId: member.id,
      platform: 'trustpilot',
    });
    await expect
      .poll(async () => (await pendingScansOf(request, member!)).map((s) => s.platform))
      .toEqual(['trustpilot']);
    expect(popups).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Once the clinic sets its Trustpilot link, the same button opens it in a new tab.
    await setReviewLinks(request, { trustpilotReviewLink: TRUSTPILOT_URL });
    await openReviewPage(page, member);
    const [popup] = await Promise.all([page.waitForEvent('popup'), trustpilot.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(TRUSTPILOT_URL);
    await expect(status(page, 'Thank you! Trustpilot has opened in a new tab.')).toBeVisible();
    await expect(status(page, SOON)).toHaveCount(0);
  });

  test(
    'a member added, their QR link opened on a phone, the scan verified, paid, undone, paid in bulk, and counted',
    reviewJourney,
  );

  test.describe('the Review Links settings card on a laptop', () => {
    test.use({ viewport: { width: 1366, height: 900 } });

    test('validation beside the fields, unsaved changes, reset, save and persistence', async ({
      page,
      request,
    }) => {
      await setReviewLinks(request, { googleReviewLink: PLACE_ID, trustpilotReviewLink: null });
      await signInAsAdmin(page);
      await page.goto('/settings');
      const links = card(page, 'Review Links');
      const google = links.getByLabel('Google Place ID or review link');
      const trustpilot = links.getByLabel('Trustpilot review link');
      const save = links.getByRole('button', { name: 'Save' });
      const reset = links.getByRole('button', { name: 'Reset' });
      const unsaved = links.getByText('Unsaved changes');
      await waitForHydration(save);

      await expect(google).toHaveValue(PLACE_ID);
      await expect(trustpilot).toHaveValue('');
      await expect(links.getByRole('link', { name: /Place ID Finder/ })).toBeVisible();
      await expect(links.getByRole('link', { name: GOOGLE_URL })).toBeVisible();
      await expect(unsaved).toBeHidden();
      await expect(save).toBeDisabled();
      await expect(reset).toBeDisabled();

      // Invalid values: each message beside its field, and the first one takes the focus.
      await google.fill('not a place id!');
      await trustpilot.fill('trustpilot.com/review/clinic');
      await expect(unsaved).toBeVisible();
      await save.click();
      const googleError = links.getByRole('alert').filter({ hasText: 'Enter the Google Place ID' });
      const trustpilotError = links.getByRole('alert').filter({ hasText: 'Enter a full web address' });
      await expect(googleError).toBeVisible();
      await expect(trustpilotError).toBeVisible();
      await expect(google).toHaveAttribute('aria-invalid', 'true');
      await expect(trustpilot).toHaveAttribute('aria-invalid', 'true');
      await expect(google).toBeFocused();

      // Reset puts the saved values back.
      await reset.click();
      await expect(google).toHaveValue(PLACE_ID);
      await expect(trustpilot).toHaveValue('');
      await expect(googleError).toHaveCount(0);
      await expect(unsaved).toBeHidden();

      // Save both.
      await google.fill('  ChIJe2e-settings-card_1  ');
      await trustpilot.fill(TRUSTPILOT_URL);
      await save.click();
      await expect(page.getByText('Review links saved')).toBeVisible();
      await expect(unsaved).toBeHidden();
      await expect(google).toHaveValue('ChIJe2e-settings-card_1');
      await apiSignInAsAdmin(request);
      expect(await (await request.get('/api/settings')).json()).toMatchObject({
        googleReviewLink: 'ChIJe2e-settings-card_1',
        trustpilotReviewLink: TRUSTPILOT_URL,
      });

      await page.reload();
      await expect(google).toHaveValue('ChIJe2e-settings-card_1');
      await expect(trustpilot).toHaveValue(TRUSTPILOT_URL);

      // Clearing the Trustpilot link brings back 'coming soon'.
      await waitForHydration(save);
      await trustpilot.fill('');
      await save.click();
      await expect(unsaved).toBeHidden();
      expect(await (await request.get('/api/settings')).json()).toMatchObject({ trustpilotReviewLink: null });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    });

    test('other staff do not see the card', async ({ page, request }, testInfo) => {
      const account = await createAccount(request, testInfo);
      try {
        await signIn(page, account);
        await page.goto('/settings');
        await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Password Management' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Review Links' })).toHaveCount(0);
        await expect(page.getByLabel('Google Place ID or review link')).toHaveCount(0);
      } finally {
        await removeAccount(request, account);
      }
    });
  });
});
