import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { signInAsAdmin, uniqueEmail, waitForHydration } from './support';

/**
 * The Messages page and the Emails settings (issue 17) on a laptop: a full admin sees each message the app
 * sent with its status, filters them (kept in the URL), and turns a kind of email off.
 */
test.describe('Messages (full admin)', () => {
  test('lists the messages sent, filtered by status and kind in the URL, with nothing serious for axe', async ({
    page,
  }, testInfo) => {
    // Signed in in the browser first: its cookie then serves page.request too.
    await signInAsAdmin(page);
    const email = uniqueEmail(testInfo, 'client');
    const created = await page.request.post('/api/admin/clients', {
      data: { firstName: 'rose', lastName: 'tyler', email, sendCard: true },
    });
    expect(created.status()).toBe(201);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Messages' });
    const row = table.getByRole('row').filter({ hasText: email });
    // Sent by the job queue within moments; the page shows it once it reloads its list. Each reload is given
    // time to fetch and draw the list before the row is read (a count straight after the reload reads nothing).
    await expect(async () => {
      await page.reload();
      await expect(row.filter({ hasText: 'Sent' })).toHaveCount(1, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('Your Referral Reward Card');
    await expect(row).toContainText('Card sent to a client');
    await expect(row).toContainText('1 attempt');

    // The filters are in the URL: a link with them opens the page filtered, and changing one changes the URL.
    await page.goto('/messages?status=sent&kind=card-issued');
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    const kind = page.getByRole('combobox', { name: 'Kind', exact: true });
    await expect(status).toHaveValue('sent');
    await expect(kind).toHaveValue('card-issued');
    await expect(row).toBeVisible();
    await expect
      .poll(async () => {
        await status.selectOption('failed');
        return new URL(page.url()).searchParams.get('status');
      })
      .toBe('failed');
    await expect(row).toHaveCount(0);
    await page.goto('/messages?status=sent&kind=card-issued');
    await expect(row).toBeVisible();
    await expectNoSeriousViolations(page, 'the Messages page');
  });

  test('Settings → Emails turns a kind off and on again', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/settings');
    const card = page
      .getByRole('heading', { level: 2, name: 'Emails' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    const kind = card.getByRole('checkbox', { name: 'Reward paid, to the client' });
    await waitForHydration(kind);
    await expect(kind).toBeChecked();
    await kind.click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email settings saved')).toBeVisible();
    await page.reload();
    await expect(kind).not.toBeChecked();
    await kind.click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email settings saved')).toBeVisible();
    await page.reload();
    await expect(kind).toBeChecked();
  });
});
