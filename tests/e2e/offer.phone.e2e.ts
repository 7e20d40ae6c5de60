/**
 * Issue 29, point 2 on a phone (375 px): the patient's pages with the clinic's own offer, from the card's call
 * to action to the thank-you, each fitting the screen and clean under axe. Run alone, before every other test (see
 * playwright.config.ts: they change the offer every card shows), and the spec's offer is put back after.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { E2E_CLINIC } from './clinic-profile';
import { HARBOUR_OFFER, registerClient, restoreDefaultOffer, rewardAmount } from './offer-support';
import { apiSignInAsAdmin, uniqueEmail, waitForHydration } from './support';

const NO_BOOKMARK_PROMPT = () => window.localStorage.setItem('rewardCard.bookmarked', 'true');

async function fitsTheScreen(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

test.describe("the clinic's offer on a phone", () => {
  test.describe.configure({ mode: 'serial' });
  // Many pages, each checked by axe: more than the default 30 s on a busy machine.
  test.setTimeout(240_000);
  test.afterAll(async ({ request }) => restoreDefaultOffer(request));

  test('card, offer page with its terms, form and thank-you, in the clinic’s words', async ({
    page,
    request,
  }, testInfo) => {
    await apiSignInAsAdmin(request);
    const res = await request.patch('/api/settings', {
      data: {
        ...HARBOUR_OFFER,
        offerEnabled: true,
        offerLink: null,
        treatmentOptions: ['Invisalign', 'Dental implants', 'A check-up and hygiene visit'],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const client = await registerClient(request, testInfo);
    const reward = await rewardAmount(request);
    await page.addInitScript(NO_BOOKMARK_PROMPT);

    await page.goto(`/card/${client.inviteToken}`);
    await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
    await expect(page.getByText(`EARN A £${reward} THANK-YOU PER FRIEND`)).toBeVisible();
    const cta = page.getByRole('link', { name: `Tap for ${HARBOUR_OFFER.offerHeadline}` });
    await expect(cta).toBeVisible();
    await fitsTheScreen(page);
    await expectNoSeriousViolations(page, 'the card with the clinic’s offer (phone)');

    await cta.click();
    await expect(page.getByRole('heading', { level: 1, name: HARBOUR_OFFER.offerHeadline })).toBeVisible();
    await expect(page.getByText(HARBOUR_OFFER.offerDetails)).toBeVisible();
    await expect(page.getByText(HARBOUR_OFFER.offerTerms)).toBeVisible();
    await expect(page.getByText(E2E_CLINIC.clinicName).first()).toBeVisible();
    await fitsTheScreen(page);
    await expectNoSeriousViolations(page, 'the offer page with its terms (phone)');

    await page.getByRole('link', { name: 'Back to the recommendation form' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/recommendation-details');
    const treatment = page.getByLabel('How can we help you?');
    await expect(treatment.locator('option:not([disabled])')).toHaveText([
      'Invisalign',
      'Dental implants',
      'A check-up and hygiene visit',
    ]);
    await expect(page.getByRole('link', { name: `Tap for ${HARBOUR_OFFER.offerHeadline}` })).toBeVisible();
    await waitForHydration(page.getByRole('button', { name: 'Submit', exact: true }));
    await page.getByLabel('First name').fill('Cerys');
    await page.getByLabel('Last name').fill('Morgan');
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'friend'));
    await page.getByLabel('Phone number').fill('7123456789');
    await treatment.selectOption({ label: 'A check-up and hygiene visit' });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Cerys!' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: HARBOUR_OFFER.offerHeadline })).toBeVisible();
    await expect(page.getByText(HARBOUR_OFFER.offerTerms)).toBeVisible();
    await fitsTheScreen(page);
    await expectNoSeriousViolations(page, 'the thank-you with the clinic’s offer (phone)');
  });
});
