import { expect, test, type APIRequestContext, type TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { E2E_APP_URL } from '../../playwright.config';
import { apiSignInAsAdmin, uniqueEmail } from './support';

interface Client {
  cardNumber: string;
  inviteToken: string;
  brandedUrl: string;
  firstName: string;
  lastName: string;
}

async function registerClient(request: APIRequestContext, testInfo: TestInfo): Promise<Client> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: { firstName: 'olivia', lastName: 'brown', email: uniqueEmail(testInfo, 'client') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Client;
}

async function referralReward(request: APIRequestContext): Promise<number> {
  await apiSignInAsAdmin(request);
  return ((await (await request.get('/api/settings')).json()) as { referralRewardAmount: number })
    .referralRewardAmount;
}

const NO_BOOKMARK_PROMPT = () => window.localStorage.setItem('rewardCard.bookmarked', 'true');

test.describe('the reward card on a phone', () => {
  test('shows every element of the card, fits the screen, and works from the branded link and ?token=', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    const reward = await referralReward(request);
    await page.addInitScript(NO_BOOKMARK_PROMPT);
    for (const path of [
      `/card/${client.inviteToken}`,
      new URL(client.brandedUrl).pathname,
      `/referral-reward-card?token=${client.inviteToken}`,
    ]) {
      await page.goto(path);
      await expect(page.getByText('REWARD CARD', { exact: true })).toBeVisible();
      const qr = page.getByRole('img', { name: "QR code for Olivia Brown's referral link" });
      await expect(qr).toBeVisible();
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.getByText(`EARN £${reward} CASH PER REFERRAL`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'SHARE IT NOW' })).toBeVisible();
      await expect(page.getByText('CARDHOLDER')).toBeVisible();
      await expect(page.getByText('Olivia Brown')).toBeVisible();
      await expect(page.getByText('CARD NUMBER')).toBeVisible();
      await expect(page.getByText(client.cardNumber)).toBeVisible();
      // No wallet certificates are configured here, so no wallet link is offered.
      await expect(page.getByRole('link', { name: /Wallet/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    expect(baseURL).toBeTruthy();
  });

  // Issue 29, point 12: the spec's 'must be created by an administrator' became words a patient understands.
  test('an unknown card, or no token, says what probably happened and how to reach the clinic', async ({
    page,
  }) => {
    for (const path of ['/card/no-such-card', '/referral-reward-card']) {
      await page.goto(path);
      await expect(page.getByText('Referral Reward Card Not Found')).toBeVisible();
      await expect(page.getByText('We could not find a reward card at this link.')).toBeVisible();
      await expect(page.getByText(/administrator|created/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Call 020 7946 0000' })).toHaveAttribute(
        'href',
        'tel:+442079460000',
      );
    }
  });

  test('share copies the referral link, then the message when apps cannot share', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    const reward = await referralReward(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(NO_BOOKMARK_PROMPT);
    // This headless browser has no share sheet: make that explicit, as on a desktop browser.
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/card/${client.inviteToken}`);

    await page.getByRole('button', { name: 'SHARE IT NOW' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link Copied to Clipboard' });
    await expect(dialog).toBeVisible();
    const link = `${baseURL}/recommendation-details?ref=${client.cardNumber}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await dialog.getByRole('button', { name: 'Share via Apps' }).click();
    await expect(page.getByText('Message copied to clipboard!').first()).toBeVisible();
    const message = await page.evaluate(() => navigator.clipboard.readText());
    expect(message).toContain(`£${reward}`);
    expect(message).toContain('free consultation');
    expect(message).toContain('5% off');
    expect(message).toContain(link);
  });

  test('offers Bookmark to Home after 2 seconds, then Add to Home Screen; Got it is remembered', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await page.goto(`/card/${client.inviteToken}`);
    // A panel below the card (issue 16), not a dialog over it.
    const prompt = page.getByRole('region', { name: 'Bookmark to Home Screen' });
    await expect(prompt).toBeVisible({ timeout: 6_000 });
    await prompt.getByRole('button', { name: 'Bookmark to Home' }).click();
    const instructions = page.getByRole('dialog', { name: 'Add to Home Screen' });
    await expect(instructions).toBeVisible();
    await expect(instructions.locator('video')).toHaveAttribute('src', /add-to-home-screen/);
    await instructions.getByRole('button', { name: 'Got it' }).click();
    await expect(instructions).toBeHidden();
    const stored = await page.evaluate(() => ({ ...window.localStorage }));
    expect(stored['rewardCard.bookmarked']).toBeTruthy();
    expect(stored['rewardCard.homeScreenSeen']).toBeTruthy();
    expect(Number(stored['rewardCard.homeScreenSeenAt'])).toBeGreaterThan(Date.now() - 60_000);

    await page.reload();
    await page.waitForTimeout(2_500); // the prompt would have appeared by now
    await expect(page.getByRole('region', { name: 'Bookmark to Home Screen' })).toHaveCount(0);
  });

  test('the QR code decodes back to the recommendation link', async ({ request }, testInfo) => {
    const client = await registerClient(request, testInfo);
    const res = await request.get(`/api/users/card/${client.cardNumber}/qr?size=300`);
    expect(res.headers()['content-type']).toBe('image/png');
    const image = PNG.sync.read(await res.body());
    expect(image.width).toBe(300);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    // Built on APP_URL (the test server runs without one: start.ts's default), never the request's Host.
    expect(decoded?.data).toBe(`${E2E_APP_URL}/recommendation-details?ref=${client.cardNumber}`);
  });
});
