import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { apiSignInAsAdmin, uniqueEmail, waitForHydration } from './support';

/**
 * axe-core (WCAG 2.1 A and AA, and best practices) on every public page and dialog, on a 375 px phone: no
 * serious or critical violation (colour contrast included). The staff pages are audited in a11y.e2e.ts.
 */

interface Client {
  firstName: string;
  lastName: string;
  cardNumber: string;
  inviteToken: string;
}

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function registerClient(request: APIRequestContext, testInfo: TestInfo): Promise<Client> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: { firstName: 'olivia', lastName: `axe${letters(8)}`, email: uniqueEmail(testInfo, 'axecard') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Client;
}

const NO_BOOKMARK_PROMPT = () => window.localStorage.setItem('rewardCard.bookmarked', 'true');

async function openCard(page: Page, client: Client): Promise<void> {
  await page.goto(`/card/${client.inviteToken}`);
  await expect(page.getByText('REWARD CARD', { exact: true })).toBeVisible();
  const qr = page.getByRole('img', { name: /^QR code for / });
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
}

test.describe('axe on the public pages (phone)', () => {
  test('the reward card, with Link Copied to Clipboard', async ({ page, context, request }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(NO_BOOKMARK_PROMPT);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await openCard(page, client);
    await expectNoSeriousViolations(page, '/card/{token}');

    await page.getByRole('button', { name: 'SHARE IT NOW' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link Copied to Clipboard' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Link Copied to Clipboard');
    await dialog.getByRole('button', { name: 'Share via Apps' }).click();
    await expect(dialog.getByText('Message copied to clipboard!')).toBeVisible();
    await expectNoSeriousViolations(
      page,
      'dialog Link Copied to Clipboard, message copied (its status line)',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the reward card with Bookmark to Home Screen, then Add to Home Screen', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await openCard(page, client);
    const prompt = page.getByRole('region', { name: 'Bookmark to Home Screen' });
    await expect(prompt).toBeVisible({ timeout: 6_000 });
    await expectNoSeriousViolations(page, 'panel Bookmark to Home Screen');
    await prompt.getByRole('button', { name: 'Bookmark to Home' }).click();
    const instructions = page.getByRole('dialog', { name: 'Add to Home Screen' });
    await expect(instructions).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog Add to Home Screen');
    await instructions.getByRole('button', { name: 'Got it' }).click();
    await expect(instructions).toBeHidden();
  });

  test('an unknown card and a card address without a token', async ({ page }) => {
    await page.goto('/card/no-such-card-here');
    await expect(page.getByText('Referral Reward Card Not Found')).toBeVisible();
    await expectNoSeriousViolations(page, 'card not found (/card/unknown)');
    await page.goto('/referral-reward-card');
    await expect(page.getByText('Referral Reward Card Not Found')).toBeVisible();
    await expectNoSeriousViolations(page, 'card not found (/referral-reward-card without a token)');
  });

  test('the recommendation form: empty, with every message, and the success screen', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await page.goto(`/recommendation-details?ref=${client.cardNumber}`);
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await waitForHydration(submit);
    await expect(page.getByLabel('Recommended by')).toHaveValue(`${client.firstName} ${client.lastName}`);
    await expectNoSeriousViolations(page, '/recommendation-details?ref= (empty)');

    await submit.click();
    await expect(page.getByText('Please select how we can help you', { exact: true })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expectNoSeriousViolations(page, '/recommendation-details with validation errors');

    await page.getByLabel('First name').fill('amelia');
    await page.getByLabel('Last name').fill(`axe${letters(8)}`);
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'axelead'));
    await page.getByLabel('Phone number').fill('07123456789');
    await page.getByLabel('How can we help you?').selectOption({ label: 'Improve my smile' });
    await submit.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Amelia!' })).toBeFocused();
    await expectNoSeriousViolations(page, '/recommendation-details success screen');
  });

  test('the recommendation form without a referrer and with an unknown one, and the offer page', async ({
    page,
  }) => {
    await page.goto('/recommendation-details');
    await waitForHydration(page.getByRole('button', { name: 'Submit', exact: true }));
    await expectNoSeriousViolations(page, '/recommendation-details (no ref)');
    await page.goto('/recommendation-details?ref=SC-ZZZZ-ZZZZ-ZZZZ');
    // Issue 29: 'Who recommended you?' holds the number to correct, with a kind note (no 'Failed to fetch').
    await expect(page.getByLabel('Who recommended you?')).toHaveValue('SC-ZZZZ-ZZZZ-ZZZZ');
    await expectNoSeriousViolations(page, '/recommendation-details (unknown ref: Who recommended you?)');
    await page.goto('/smile-story-offer');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, '/smile-story-offer');
  });

  test('the review page, its Trustpilot message, and an unknown code', async ({ page, request }) => {
    await apiSignInAsAdmin(request);
    const res = await request.post('/api/team-members', {
      data: { firstName: 'sophie', lastName: `axe${letters(8)}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    const member = (await res.json()) as { id: string; qrCode: string };
    try {
      // No alert() on this page: Trustpilot's message is shown in the page.
      page.on('dialog', (dialog) => void dialog.dismiss());
      await page.goto(`/review/${member.qrCode}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Leave Us a Review' })).toBeVisible();
      const trustpilot = page.getByRole('button', { name: 'No - Review on Trustpilot' });
      await waitForHydration(trustpilot);
      await expectNoSeriousViolations(page, '/review/{code}');
      const settings = await request.get('/api/settings');
      const hasTrustpilotLink = Boolean(
        ((await settings.json()) as { trustpilotReviewLink?: string | null }).trustpilotReviewLink,
      );
      if (!hasTrustpilotLink) {
        await trustpilot.click();
        await expect(page.getByText('Trustpilot review link coming soon!').first()).toBeVisible();
        await expectNoSeriousViolations(page, '/review/{code} with Trustpilot review link coming soon!');
      }
      await page.goto('/review/TM-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, '/review/{unknown code}');
    } finally {
      const removed = await request.delete(`/api/team-members/${member.id}`);
      expect([204, 404]).toContain(removed.status());
    }
  });

  test('the 404 page and the login page on a phone', async ({ page }) => {
    const res = await page.goto('/no-such-public-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expectNoSeriousViolations(page, '404 page (phone)');
    await page.goto('/login');
    await waitForHydration(page.getByRole('button', { name: 'Sign In' }));
    await expectNoSeriousViolations(page, '/login (phone)');
  });
});
