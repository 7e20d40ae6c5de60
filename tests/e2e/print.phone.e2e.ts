import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import {
  apiSignInAsAdmin,
  createAccount,
  removeAccount,
  signIn,
  waitForHydration,
  type Account,
} from './support';

/**
 * Issue 29, point 13 on a phone (375 px): the print actions fit the screen, are reachable and pass axe. The
 * files themselves are checked at laptop size (print.e2e.ts).
 */

let staff: Account;

test.beforeAll(async ({ request }, testInfo) => {
  staff = await createAccount(request, testInfo);
});

test.afterAll(async ({ request }) => {
  await removeAccount(request, staff);
});

const noSideways = () => document.documentElement.scrollWidth <= window.innerWidth;

test('the print actions on a phone: the dashboard’s poster and a member’s card and poster', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // PDFs drawn and read back, on a machine shared by many test runs
  await apiSignInAsAdmin(request);
  const lastName = `Phone${Math.random().toString(36).slice(2, 10)}`;
  const created = await request.post('/api/team-members', { data: { firstName: 'Zoë', lastName } });
  expect(created.status(), await created.text()).toBe(201);
  const name = `Zoë ${lastName.charAt(0).toUpperCase()}${lastName.slice(1)}`;

  await signIn(page, staff);
  const poster = page.getByRole('button', { name: 'Print referral poster' });
  await waitForHydration(poster);
  await expect(poster).toBeInViewport();
  expect(await page.evaluate(noSideways)).toBe(true);
  await expectNoSeriousViolations(page, 'the dashboard on a phone');

  await page.goto('/team-reviews');
  const item = page.getByRole('listitem', { name });
  const a6 = item.getByRole('button', { name: `Print A6 card of ${name}` });
  await waitForHydration(a6);
  await a6.scrollIntoViewIfNeeded();
  await expect(a6).toBeInViewport();
  await expect(item.getByRole('button', { name: `Print A4 poster of ${name}` })).toBeInViewport();
  expect(await page.evaluate(noSideways)).toBe(true);
  await expectNoSeriousViolations(page, 'a team member’s print actions on a phone');
  // A tap opens the warning (this server's address is local), which fits the screen too.
  await a6.click();
  const dialog = page.getByRole('alertdialog', { name: 'This QR code would not work on a patient’s phone' });
  await expect(dialog.getByRole('button', { name: 'Save the PDF anyway' })).toBeInViewport();
  await expectNoSeriousViolations(page, 'the print warning on a phone');
});
