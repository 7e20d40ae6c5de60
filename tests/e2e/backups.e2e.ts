import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { card, createAccount, removeAccount, signIn, signInAsAdmin } from './support';

/**
 * Backups (issue 32) as a full admin sees them: the dashboard's warning while there is no recent backup
 * (the e2e server starts on an empty database, so 'No backup yet'), Settings → Backups, and both after
 * `npm run backup` beside the running app. The spec makes its own backup: it never waits for the daily job.
 * Staff who are not full admins see neither, and the endpoint refuses them.
 */
const run = promisify(execFile);

/** `npm run backup` beside the e2e server: its DATA_DIR (playwright.config.ts), its running embedded database. */
async function backupNow(): Promise<string> {
  const dataDir = path.join(os.tmpdir(), `smile-referrals-e2e-${process.env.E2E_RUN_ID}`);
  const { stdout } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/backup.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_DIR: '', BACKUP_PASSPHRASE: '' },
    timeout: 120_000,
  });
  return stdout;
}

const WARNING_TITLES = {
  never: 'No backup yet',
  stale: 'The last backup is more than 36 hours old',
  failed: 'The last backup failed',
} as const;

test.describe('Backups (full admin)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the dashboard warns until a backup is made, and Settings shows the last one', async ({ page }) => {
    await signInAsAdmin(page);
    const before = (await (await page.request.get('/api/admin/backups')).json()) as {
      warning: keyof typeof WARNING_TITLES | null;
      lastSuccess: unknown;
    };
    const warning = page.getByTestId('backup-warning');
    const settingsCard = card(page, 'Backups');

    if (before.warning) {
      // A status region (not an alert), with what to do.
      await expect(warning).toBeVisible();
      await expect(warning).toHaveAttribute('role', 'status');
      await expect(warning).toContainText(WARNING_TITLES[before.warning]);
      await expect(warning).toContainText('npm run backup');
      await expectNoSeriousViolations(page, 'the dashboard with the backup warning');
    }
    if (!before.lastSuccess) {
      await page.goto('/settings');
      await expect(settingsCard.getByTestId('last-backup')).toHaveText('No backup yet');
      await expect(settingsCard).toContainText('npm run backup');
    }

    const output = await backupNow();
    expect(output).toContain('Backup written:');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(warning).toHaveCount(0);

    await page.goto('/settings');
    const today = new Date().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    const line = settingsCard.getByTestId('last-backup');
    // e.g. 'Last backup: 27 Nov 2026, 02:30 (4.2 MB)'
    await expect(line).toHaveText(
      new RegExp(`^Last backup: ${today}, \\d{2}:\\d{2} \\(\\d+(\\.\\d)? (bytes|KB|MB)\\)$`),
    );
    await expect(settingsCard).toContainText('every day at 02:30 (UK time)');
    const runs = settingsCard.getByRole('list', { name: 'Recent backup runs' });
    await expect(runs.getByRole('listitem').first()).toContainText('By hand');
    await expect(runs.getByRole('listitem').first()).toContainText('Done');
    await expectNoSeriousViolations(page, 'Settings with the Backups card');
  });

  test('staff who are not full admins see neither, and the endpoint refuses them', async ({
    page,
    request,
  }, testInfo) => {
    const staff = await createAccount(request, testInfo);
    try {
      await signIn(page, staff);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('backup-warning')).toHaveCount(0);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(card(page, 'Backups')).toHaveCount(0);
      expect((await page.request.get('/api/admin/backups')).status()).toBe(403);
    } finally {
      await removeAccount(request, staff);
    }
  });
});
