import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { titleCaseName } from '../../lib/names';
import { apiSignInAsAdmin, uniqueEmail, waitForHydration } from './support';

/**
 * Names with markup are stored as typed (names title-cased) and shown as text on every page that displays
 * them: nothing in them executes. Clients, leads, team members and reviewers are made with each of the API
 * corpus's awkward names through the API, then each page that shows them is checked for the literal text, for
 * no alert (page.on('dialog') is never called) and for no element made from the markup.
 */

const NAMES = {
  html: '<script>alert("xss")</script><img src=x onerror=alert(1)>',
  sql: "Robert'); DROP TABLE clients;--",
  emoji: 'Zoë 😀🦷',
  // Right-to-left letters; no U+202E override, which names refuse since issue 28 point 11 (bad-input.test.ts).
  rtl: 'مريم אביגיל',
} as const;

interface ClientDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  cardNumber: string;
  inviteToken: string;
}

interface MemberDto {
  id: string;
  firstName: string;
  lastName: string;
}

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A lower-case word no other test (nor worker, nor retry) uses. */
function uniqueWord(testInfo: TestInfo, base: string): string {
  return `${base}${String.fromCharCode(97 + (testInfo.workerIndex % 26))}${letters(8)}`;
}

/** Fails the test at its end if the page ever opened an alert, confirm or prompt. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Nothing was made from the markup: no <img src=x>, no image with an onerror, no script that alerts. */
async function expectNoInjectedElements(page: Page, where: string): Promise<void> {
  const injected = await page.evaluate(() => ({
    images: [...document.querySelectorAll('img')]
      .filter((img) => img.getAttribute('src') === 'x' || img.hasAttribute('onerror'))
      .map((img) => img.outerHTML),
    scripts: [...document.querySelectorAll('script')]
      .filter((script) => /^\s*alert\(/.test(script.textContent ?? ''))
      .map((script) => script.outerHTML),
  }));
  expect(injected, `elements made from a name on ${where}`).toEqual({ images: [], scripts: [] });
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

/** What makes the page scroll sideways (fixed elements such as toasts excluded). */
function widerThanViewport(): string[] {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.children.length === 0)
    .filter((el) => !el.closest('[data-sonner-toaster]'))
    .slice(0, 10)
    .map(
      (el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? '').slice(0, 60)}`,
    );
  return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...culprits];
}

/** The element holding exactly `text` inside `scope` is visible. */
async function expectLiteral(scope: Page | Locator, text: string, where: string): Promise<void> {
  await expect(scope.getByText(text, { exact: true }).first(), `"${text}" on ${where}`).toBeVisible();
}

async function anonymousPost(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  path: string,
  data: Record<string, unknown>,
): Promise<unknown> {
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const res = await anonymous.post(path, { data });
    expect(res.status(), await res.text()).toBe(201);
    return await res.json();
  } finally {
    await anonymous.dispose();
  }
}

async function adminPost<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { data });
  expect([200, 201], `${path}: ${await res.text()}`).toContain(res.status());
  return (await res.json()) as T;
}

for (const [kind, raw] of Object.entries(NAMES)) {
  test(`a ${kind} name is stored as typed and shown as text on every page`, async ({
    page,
    context,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const dialogs = watchDialogs(page);
    await context.addInitScript(() => window.localStorage.setItem('rewardCard.bookmarked', 'true'));
    const stored = titleCaseName(raw);
    if (kind === 'html') {
      expect(stored).toBe('<script>alert("xss")</script><img Src=x Onerror=alert(1)>');
    }

    // ------------------------------------------------------------------------- made through the API
    await apiSignInAsAdmin(request);
    const clientLast = uniqueWord(testInfo, 'markup');
    const client = await adminPost<ClientDto>(request, '/api/admin/clients', {
      firstName: raw,
      lastName: clientLast,
      email: uniqueEmail(testInfo, 'markup'),
    });
    expect(client.firstName).toBe(stored);
    const clientName = `${stored} ${capitalise(clientLast)}`;

    const leadLast = uniqueWord(testInfo, 'markuplead');
    const leadEmail = uniqueEmail(testInfo, 'markuplead');
    const { referralId } = (await anonymousPost(playwright, baseURL!, '/api/leads', {
      firstName: raw,
      lastName: leadLast,
      email: leadEmail,
      phone: '+44 7123456789',
      treatmentInterest: 'improve-my-smile',
      source: 'qr_referral',
      referrerId: client.cardNumber,
    })) as { referralId: string };
    const leadName = `${stored} ${capitalise(leadLast)}`;
    const converted = await request.patch(`/api/referrals/${referralId}`, {
      data: { status: 'Payment Due', rewardAmount: 200 },
    });
    expect(converted.status(), await converted.text()).toBe(200);
    await adminPost(request, `/api/referrals/${referralId}/payment`, {});

    const memberLast = uniqueWord(testInfo, 'markupmember');
    const member = await adminPost<MemberDto>(request, '/api/team-members', {
      firstName: raw,
      lastName: memberLast,
    });
    expect(member.firstName).toBe(stored);
    const memberName = `${stored} ${capitalise(memberLast)}`;
    await anonymousPost(playwright, baseURL!, '/api/track-scan', {
      teamMemberId: member.id,
      sessionId: `markup-${letters(16)}`,
      isUniqueVisitor: true,
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    // A reviewer's name is stored trimmed, as typed (not title-cased).
    const review = await adminPost<{ reviewerName: string }>(request, '/api/team-reviews', {
      teamMemberId: member.id,
      reviewerName: raw,
      reviewDate: today,
      reviewUrl: `https://g.page/r/markup-${Date.now()}-${Math.random().toString(36).slice(2)}/review`,
    });
    expect(review.reviewerName).toBe(raw.trim());

    try {
      await apiSignInAsAdmin(page.request);

      // ------------------------------------------------ dashboard: client search, the row, its referral
      await page.goto('/');
      await expect(page.getByText('Loading clients...')).toHaveCount(0);
      await page.getByRole('tab', { name: /^Clients & Referrals \(/ }).click();
      const panel = page.getByRole('tabpanel', { name: /^Clients & Referrals/ });
      await panel.getByLabel('Search clients').fill(client.email);
      const clientResults = panel.getByRole('region', { name: 'Client search results' });
      await expect(clientResults.getByRole('status')).toHaveText('1 result');
      await expectLiteral(clientResults, clientName, 'the client search results');
      await clientResults.getByRole('button', { name: /^Show / }).click();
      const row = panel
        .getByRole('table', { name: 'Clients', exact: true })
        .locator(':scope > tbody')
        .filter({ hasText: client.email })
        .first();
      await expect(row.getByRole('heading', { level: 3 })).toHaveText(clientName);
      await expectLiteral(row, clientName, 'the dashboard client list');
      const referrals = row.getByRole('list', { name: /^Referrals of / });
      await expectLiteral(referrals, leadName, 'the referral under the client');

      // The referral search shows the lead and its referrer.
      await panel.getByLabel('Search referrals').fill(leadEmail);
      const referralResults = panel.getByRole('region', { name: 'Referral search results' });
      await expect(referralResults.getByRole('status')).toHaveText('1 result');
      await expectLiteral(referralResults, leadName, 'the referral search results');
      await expectLiteral(referralResults, clientName, "the referral search results' Referred by");
      await expectNoInjectedElements(page, 'the dashboard (Clients & Referrals)');
      // A long name without spaces wraps: on a 375 px phone nothing makes the page scroll sideways.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect
        .poll(() => page.evaluate(widerThanViewport), { message: 'elements wider than a 375 px phone' })
        .toEqual([]);
      await page.setViewportSize({ width: 1366, height: 900 });

      // ------------------------------------------------------------- payments report and audit log
      await page.getByRole('tab', { name: 'Payments & Reporting' }).click();
      const group = page
        .getByRole('list', { name: /^Payments by client, / })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 4, name: clientName, exact: true }) });
      await expect(group).toHaveCount(1);
      await expectLiteral(group, clientName, 'the monthly payment summary');
      await group.getByRole('button', { name: /^1 conversion of / }).click();
      await expectLiteral(group, leadName, "the summary's conversion");
      const audit = page.getByRole('region', { name: 'Payments Audit Log' });
      await expectLiteral(audit, leadName, 'the payments audit log (referral)');
      await expectLiteral(audit, clientName, 'the payments audit log (client)');
      await expectNoInjectedElements(page, 'the dashboard (Payments & Reporting)');

      // ------------------------------------------------------------------------------ the public card
      await page.goto(`/card/${client.inviteToken}`);
      await expect(page.getByText('REWARD CARD', { exact: true })).toBeVisible();
      await expectLiteral(page, clientName, 'the public card');
      await expectNoInjectedElements(page, 'the public card');

      // --------------------------------------------------- the recommendation form's 'Recommended by'
      await page.goto(`/recommendation-details?ref=${client.cardNumber}`);
      const submit = page.getByRole('button', { name: 'Submit', exact: true });
      await waitForHydration(submit);
      await expect(page.getByLabel('Recommended by')).toHaveValue(clientName);
      await expectNoInjectedElements(page, 'the recommendation form');
      // A friend with the same kind of name sends it: their thanks shows it as text too.
      await page.getByLabel('First name').fill(raw);
      await page.getByLabel('Last name').fill(uniqueWord(testInfo, 'markupfriend'));
      await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'markupfriend'));
      await page.getByLabel('Phone number').fill('07123456789');
      await page.getByLabel('How can we help you?').selectOption({ label: 'Improve my smile' });
      await submit.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Thank You, ${stored}!`);
      await expect(page.getByText(`We'll thank ${stored} with their reward`, { exact: false })).toBeVisible();
      await expectNoInjectedElements(page, 'the recommendation form success screen');

      // ---------------------------------------------------------------------------------- Team Reviews
      await page.goto('/team-reviews');
      await waitForHydration(page.getByRole('button', { name: 'Add Team Member' }));
      const members = page.getByRole('tabpanel', { name: 'Team Members' });
      await expect(members.getByRole('listitem', { name: memberName, exact: true })).toBeVisible();
      await expectLiteral(members, memberName, 'Team Members');

      await page.getByRole('tab', { name: 'Verify Reviews', exact: true }).click();
      const verify = page.getByRole('tabpanel', { name: 'Verify Reviews' });
      await verify.getByRole('button', { name: 'Refresh the pending scans' }).click();
      const pending = verify.getByRole('list', { name: 'Pending scans' });
      await expectLiteral(pending, memberName, 'Verify Reviews (pending scan)');
      await expect(
        verify.getByLabel('Team member', { exact: true }).locator('option').filter({ hasText: memberName }),
      ).toHaveText(memberName);

      await page.getByRole('tab', { name: 'Scan Tracking & Leaderboard', exact: true }).click();
      const tracking = page.getByRole('tabpanel', { name: 'Scan Tracking & Leaderboard' });
      await expectLiteral(
        tracking.getByRole('list', { name: 'Scans per team member' }),
        memberName,
        'Scans per team member',
      );
      await expectLiteral(
        tracking.getByRole('list', { name: 'Review leaderboard' }),
        memberName,
        'the review leaderboard',
      );

      await page.getByRole('tab', { name: 'Bonus Payments', exact: true }).click();
      const bonus = page.getByRole('tabpanel', { name: 'Bonus Payments' });
      const bonusGroup = bonus.getByRole('listitem', { name: memberName, exact: true });
      await expectLiteral(bonusGroup, memberName, 'Bonus Payments (member)');
      await expectLiteral(bonusGroup, raw.trim(), 'Bonus Payments (reviewer)');
      await expectNoInjectedElements(page, 'Team Reviews');

      expect(dialogs, 'no alert, confirm or prompt was opened').toEqual([]);
    } finally {
      await apiSignInAsAdmin(request);
      const removedMember = await request.delete(`/api/team-members/${member.id}`);
      expect([204, 404]).toContain(removedMember.status());
      // Other tests share the database: the odd names leave with their client (and its referrals).
      const removedClient = await request.delete(`/api/clients/${client.id}`);
      expect([204, 404]).toContain(removedClient.status());
    }
  });
}
