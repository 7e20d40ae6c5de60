import { expect, test } from '@playwright/test';
import { apiSignInAsAdmin, uniqueEmail, waitForHydration } from './support';

/**
 * The new-referrals inbox looks for new leads every 10 seconds, but not while a keyboard user's focus is on one
 * of its leads: a new lead at the top would push the last one, focus and all, out of the list. Time is the
 * browser's fake clock, moved on by the test.
 */
test('the inbox does not refresh under the focus of someone working through it, and does once they move on', async ({
  page,
}, testInfo) => {
  await apiSignInAsAdmin(page.request);
  // A lead waiting, so the inbox has at least one to focus.
  const client = await page.request.post('/api/admin/clients', {
    data: { firstName: 'Focus', lastName: 'Keeper', email: uniqueEmail(testInfo, 'inbox-client') },
  });
  expect(client.status(), await client.text()).toBe(201);
  const made = await page.request.post('/api/leads', {
    data: {
      firstName: 'Focus',
      lastName: `Friend${Date.now().toString(36)}`,
      email: uniqueEmail(testInfo, 'inbox-focus'),
      source: 'Manual Entry',
      referrerId: ((await client.json()) as { id: string }).id,
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The page shares the request's cookies: it opens the dashboard signed in.
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(page.getByRole('tab', { name: 'Add Client' }));
  const list = page.getByRole('list', { name: 'New referrals' });
  const lastButton = list.getByRole('button', { name: /^Contacted / }).last();
  await expect(lastButton).toBeVisible();

  let listRequests = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/referrals/inbox') && req.url().includes('limit=5')) listRequests += 1;
  });

  await lastButton.focus();
  const focusedName = await lastButton.textContent();
  await page.clock.runFor(35_000);
  expect(listRequests, 'no refresh while focus is on a lead').toBe(0);
  expect(await lastButton.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(focusedName);

  await page.getByRole('tab', { name: 'Add Client' }).focus();
  await page.clock.runFor(11_000);
  await expect.poll(() => listRequests, { message: 'refreshed once focus left the list' }).toBeGreaterThan(0);
});
