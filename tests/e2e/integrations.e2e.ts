/**
 * Settings → Integrations (issue 34), as a full admin uses it: an API key made, shown once, used by a
 * practice's script (a plain HTTP call with the key, no session), seen as used, revoked (then refused); a
 * Dentally token saved (only its last four shown afterwards) and disconnected. Axe on the page with a new key
 * showing. Other staff are told only a full admin can connect the practice's systems.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { card, collectConsoleErrors, createAccount, removeAccount, signIn, signInAsAdmin } from './support';

const unique = () => Math.random().toString(36).slice(2, 8);

test('a full admin makes an API key, a script uses it, the admin revokes it; Dentally connects and disconnects', async ({
  page,
  playwright,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAsAdmin(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: /Integrations/ }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  // ------------------------------------------------------------------------------ an API key, shown once
  const keys = card(page, 'API keys');
  const name = `Zapier ${unique()}`;
  await keys.getByLabel('Name').fill(name);
  await keys.getByRole('button', { name: 'Create key' }).click();
  await expect(keys.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
  const field = keys.getByRole('textbox', { name: `The new API key ‘${name}’` });
  const key = await field.inputValue();
  expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
  const row = keys.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Last used: Never');
  await expectNoSeriousViolations(page, 'Settings → Integrations with a new key showing');
  await keys.getByRole('button', { name: 'Done' }).click();
  await expect(field).toHaveCount(0);

  // A practice's script: the key alone, no session.
  const script = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const send = () =>
    script.post('/api/integrations/practice-events', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        events: [
          {
            source: `e2e-pms-${unique()}`,
            externalEventId: `appt-${unique()}`,
            firstName: 'Nobody',
            lastName: `Known${unique()}`,
            eventDate: '2026-01-15',
            kind: 'first_visit',
          },
        ],
      },
    });
  const taken = await send();
  expect(taken.status(), await taken.text()).toBe(202);
  expect(await taken.json()).toMatchObject({ received: 1, new: 1, matched: 0, proposed: 0 });
  await page.reload();
  await expect(row).not.toContainText('Last used: Never');

  // Revoked: listed as revoked, and the script is refused from then on.
  await row.getByRole('button', { name: /^Revoke/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke API key?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  expect((await send()).status()).toBe(401);
  await script.dispose();

  // ------------------------------------------------------------------ Dentally: saved, then disconnected
  const dentally = card(page, 'Dentally');
  await dentally.getByLabel(/API token/).fill(`dt-e2e-token-${unique()}-wxyz`);
  await dentally.getByRole('button', { name: 'Save' }).click();
  await expect(dentally.getByText(/A token ending wxyz is saved/)).toBeVisible();
  await expect(dentally.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await dentally.getByRole('button', { name: 'Disconnect' }).click();
  const disconnect = page.getByRole('alertdialog', { name: 'Disconnect Dentally?' });
  await disconnect.getByRole('button', { name: 'Disconnect' }).click();
  await expect(disconnect).toHaveCount(0);
  await expect(dentally.getByText('Not connected.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('other staff are told only a full admin can connect the practice’s systems', async ({
  page,
  request,
}, testInfo) => {
  const account = await createAccount(request, testInfo);
  try {
    await signIn(page, account);
    await page.goto('/settings/integrations');
    await expect(page.getByText("Only a full admin can connect the practice's systems.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  } finally {
    await removeAccount(request, account);
  }
});
