import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { E2E_CLINIC } from './clinic-profile';
import { apiSignInAsAdmin, uniqueEmail, waitForHydration } from './support';

/**
 * The clinic's own pages on a phone (issue 16): the card, the recommendation form and the review page name
 * the clinic in its colour; the bookmark prompt never covers the QR code and 'Not now' holds after a reload;
 * the full-screen Show QR view; the privacy notice; link previews that never name a client.
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
    data: { firstName: 'mia', lastName: `clinic${letters(8)}`, email: uniqueEmail(testInfo, 'cliniccard') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Client;
}

async function openCard(page: Page, client: Client): Promise<void> {
  await page.goto(`/card/${client.inviteToken}`);
  await expect(page.getByText('REWARD CARD', { exact: true })).toBeVisible();
  await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
}

/**
 * Every control a finger taps on the page is at least 44 × 44 CSS px (a checkbox counts with its label); those
 * that are smaller are listed.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')) {
      if (el.closest('[aria-hidden="true"], .sr-only') || el.classList.contains('sr-only')) continue;
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
      const target =
        el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.closest('label') ?? el) : el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown
      if (box.height < 43.5 || box.width < 43.5) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.id).trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** The brand colour as the browser computes it. */
const BRAND_RGB = 'rgb(31, 78, 121)';

test.describe('the clinic on its public pages', () => {
  test('the card names the clinic, in its colour, in the page and in its preview', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await page.addInitScript(() => window.localStorage.setItem('rewardCard.bookmarked', 'true'));
    await openCard(page, client);
    const card = page.getByRole('article', { name: 'REWARD CARD' });
    await expect(card.getByText(E2E_CLINIC.clinicName)).toBeVisible();
    await expect(page.getByText(`Show this card at ${E2E_CLINIC.clinicName}`)).toBeVisible();
    await expect(page).toHaveTitle(`Referral Reward Card · ${E2E_CLINIC.clinicName}`);
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(BRAND_RGB);

    // Link previews: the clinic's name and a drawn image; never the client's card number or surname.
    const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
    expect(await og('og:site_name')).toBe(E2E_CLINIC.clinicName);
    const image = (await og('og:image'))!;
    expect(image).toMatch(/\/og\/card\?v=[0-9a-f]{12}$/);
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe(
      'summary_large_image',
    );
    // The card page is rendered per request (issue 28: a nonce per answer), so Next streams its metadata: wait
    // for the manifest's link to reach the head before reading it whole.
    await expect(page.locator('head link[rel="manifest"]')).toHaveCount(1);
    const head = await page.locator('head').innerHTML();
    const metaText = await page
      .locator('head meta')
      .evaluateAll((els) => els.map((e) => e.getAttribute('content') ?? '').join(' '));
    expect(metaText).not.toContain(client.cardNumber);
    expect(metaText.toLowerCase()).not.toContain(client.lastName.toLowerCase());
    expect(head).toContain('manifest.webmanifest');
    const preview = await request.get(new URL(image).pathname + new URL(image).search);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toBe('image/png');

    // The web manifest carries the clinic's name and colour.
    const manifest = await (await request.get(`/card/${client.inviteToken}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: `${E2E_CLINIC.clinicName} Reward Card`,
      theme_color: E2E_CLINIC.brandColour,
    });
    await expectNoSeriousViolations(page, 'card with the clinic');
    expect(await smallTargets(page)).toEqual([]);
    // Wallet buttons only where they can work: neither wallet is configured on the test server.
    await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Save to Google Wallet' })).toHaveCount(0);
  });

  test('the bookmark prompt never covers the QR code or the card number, and Not now holds after a reload', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await openCard(page, client);
    const prompt = page.getByRole('region', { name: 'Bookmark to Home Screen' });
    await expect(prompt).toBeVisible({ timeout: 6_000 });
    const qr = page.getByRole('img', { name: /^QR code for / });
    const number = page.getByText(client.cardNumber, { exact: true });
    const [p, q, n] = await Promise.all([prompt.boundingBox(), qr.boundingBox(), number.boundingBox()]);
    const overlaps = (a: typeof p, b: typeof p) =>
      !!a &&
      !!b &&
      a.x < b.x + b.width &&
      b.x < a.x + a.width &&
      a.y < b.y + b.height &&
      b.y < a.y + a.height;
    expect(overlaps(p, q)).toBe(false);
    expect(overlaps(p, n)).toBe(false);
    // Nothing dims the card: no dialog is open.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'card with the bookmark prompt');

    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toBeHidden();
    const dismissedAt = Number(
      await page.evaluate(() => localStorage.getItem('rewardCard.bookmarkDismissedAt')),
    );
    expect(dismissedAt).toBeGreaterThan(Date.now() - 60_000);

    await page.reload();
    await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
    await page.waitForTimeout(2_500); // the prompt would have appeared by now
    await expect(page.getByRole('region', { name: 'Bookmark to Home Screen' })).toHaveCount(0);

    // After 30 days it may ask again.
    await page.evaluate(() =>
      localStorage.setItem('rewardCard.bookmarkDismissedAt', String(Date.now() - 31 * 24 * 60 * 60 * 1000)),
    );
    await page.reload();
    await expect(page.getByRole('region', { name: 'Bookmark to Home Screen' })).toBeVisible({
      timeout: 6_000,
    });
  });

  test('Show QR fills the screen with the code and the card number, and nothing else', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await page.addInitScript(() => window.localStorage.setItem('rewardCard.bookmarked', 'true'));
    await openCard(page, client);
    await page.getByRole('button', { name: 'Show QR' }).click();
    const view = page.getByRole('dialog', { name: 'Your QR code' });
    await expect(view).toBeVisible();
    const viewport = page.viewportSize()!;
    // The dialog zooms in; measure it once the animation has settled.
    await expect
      .poll(async () => {
        const box = (await view.boundingBox())!;
        return Math.min(box.width - viewport.width, box.height - viewport.height);
      })
      .toBeGreaterThanOrEqual(-1);
    const qr = view.getByRole('img', { name: `QR code for card ${client.cardNumber}` });
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await qr.boundingBox())!.width).toBeGreaterThan(300);
    await expect(view.getByText(client.cardNumber, { exact: true })).toBeVisible();
    await expect(view).not.toContainText(client.lastName, { ignoreCase: true });
    await expectNoSeriousViolations(page, 'Show QR');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  test('the recommendation form welcomes the friend by the referrer’s name and says who will call', async ({
    page,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await page.goto(`/recommendation-details?ref=${client.cardNumber}`);
    await expect(page.getByText(`Mia thinks you'll love ${E2E_CLINIC.clinicName}`)).toBeVisible();
    await expect(page.getByText(`${E2E_CLINIC.clinicName} will call you`)).toBeVisible();
    await expect(page.getByText('1 Quay Street, Bristol BS1 4DJ')).toBeVisible();
    await expect(page.getByRole('link', { name: E2E_CLINIC.clinicPhone })).toHaveAttribute(
      'href',
      'tel:02079460000',
    );
    await expect(page).toHaveTitle(`So Glad You Finally Found Us! · ${E2E_CLINIC.clinicName}`);
    // One optional box, unticked; the privacy notice beside the button.
    const consent = page.getByRole('checkbox', { name: /news and offers/ });
    await expect(consent).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    const metaText = await page
      .locator('head meta')
      .evaluateAll((els) => els.map((e) => e.getAttribute('content') ?? '').join(' '));
    expect(metaText).not.toContain(client.cardNumber);
    expect(metaText).not.toContain('Mia');
    await expectNoSeriousViolations(page, 'form with the clinic');
    expect(await smallTargets(page)).toEqual([]);
  });

  test('the review page asks how the visit to the clinic was, and links the privacy notice', async ({
    page,
    request,
  }) => {
    await apiSignInAsAdmin(request);
    const res = await request.post('/api/team-members', {
      data: { firstName: 'Nia', lastName: `Clinic${letters(6)}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    const member = (await res.json()) as { id: string; qrCode?: string };
    await page.goto(`/review/${member.id}`);
    await expect(page.getByText(`How was your visit to ${E2E_CLINIC.clinicName}?`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy notice' }).first()).toBeVisible();
    await expect(page).toHaveTitle(`Leave Us a Review · ${E2E_CLINIC.clinicName}`);
    await expectNoSeriousViolations(page, 'review page with the clinic');
    expect(await smallTargets(page)).toEqual([]);
    await request.delete(`/api/team-members/${member.id}`);
  });

  test('the privacy notice is built from the profile', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByText(`${E2E_CLINIC.clinicName} is the data controller`)).toBeVisible();
    await expect(page.getByText('1 Quay Street, Bristol BS1 4DJ', { exact: false })).toBeVisible();
    await expect(
      page.getByText(/did not lead to treatment: 2 years, then erased automatically/),
    ).toBeVisible();
    await expect(page.getByText('Review-page visits: 13 months')).toBeVisible();
    await expect(page.getByRole('link', { name: `Visit ${E2E_CLINIC.clinicName}` })).toHaveAttribute(
      'href',
      E2E_CLINIC.clinicWebsite,
    );
    await expectNoSeriousViolations(page, 'privacy notice');
  });

  test('the login page: inputs and button at least 44 px tall', async ({ page }) => {
    await page.goto('/login');
    await waitForHydration(page.getByRole('button', { name: 'Sign In' }));
    expect(await smallTargets(page)).toEqual([]);
  });

  test('a card that does not exist names the clinic and leads to its website, not the staff login', async ({
    page,
  }) => {
    await page.goto('/referral-reward-card');
    await expect(page.getByRole('heading', { name: 'Referral Reward Card Not Found' })).toBeVisible();
    await expect(page.getByText(E2E_CLINIC.clinicName).first()).toBeVisible();
    await expect(page.getByRole('link', { name: `Visit ${E2E_CLINIC.clinicName}` })).toHaveAttribute(
      'href',
      E2E_CLINIC.clinicWebsite,
    );
    await expect(page.locator('a[href^="/login"], a[href="/"]')).toHaveCount(0);
  });
});
