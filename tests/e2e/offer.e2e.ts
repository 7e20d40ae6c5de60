/**
 * Issue 29, point 2 at laptop size: a full admin words the clinic's own offer in Settings → Offer, and the
 * card, its share message, the built-in offer page (with the terms), the form's treatments and its thank-you
 * all say it; an offer switched off leaves the card without its call to action. These tests change the offer
 * every card shows, so playwright.config.ts runs them alone, before every other test (projects offer-laptop and
 * offer-phone), and they put the spec's offer back when they are done.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_OFFER } from '../../lib/offer';
import { expectNoSeriousViolations } from './a11y-support';
import { E2E_CLINIC } from './clinic-profile';
import { HARBOUR_OFFER, registerClient, rewardAmount, restoreDefaultOffer, shareText } from './offer-support';
import { card, signInAsAdmin, uniqueEmail, waitForHydration } from './support';

const NO_BOOKMARK_PROMPT = () => window.localStorage.setItem('rewardCard.bookmarked', 'true');

test.describe('Settings → Offer (full admin, laptop)', () => {
  // Both change the one offer: one after the other.
  test.describe.configure({ mode: 'serial' });
  // Many pages, each checked by axe: more than the default 30 s on a busy machine.
  test.setTimeout(240_000);
  test.afterAll(async ({ request }) => restoreDefaultOffer(request));

  test("the clinic's own offer reaches the card, the share message, the offer page and the thank-you", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    const reward = await rewardAmount(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(NO_BOOKMARK_PROMPT);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));

    // ------------------------------------------------------------------ Settings → Offer
    await signInAsAdmin(page);
    await page.goto('/settings');
    const offer = card(page, 'Offer');
    await waitForHydration(offer.getByRole('button', { name: 'Add a treatment' }));
    // The spec's texts until the clinic changes them.
    await expect(offer.getByLabel('Headline')).toHaveValue(DEFAULT_OFFER.offerHeadline);
    await expect(
      offer.getByText(`The card's button reads: "Tap for ${DEFAULT_OFFER.offerHeadline}"`),
    ).toBeVisible();

    await offer.getByLabel('Headline').fill(HARBOUR_OFFER.offerHeadline);
    await offer.getByLabel('Share message invitation').fill(HARBOUR_OFFER.offerInvitation);
    await offer.getByLabel('Details').fill(HARBOUR_OFFER.offerDetails);
    await offer.getByLabel('Terms').fill(HARBOUR_OFFER.offerTerms);
    await offer.getByLabel('What a client earns').fill('a thank-you per friend');
    await expect(offer.getByText(/Write \{amount\} once where the reward amount/)).toBeVisible();
    await offer.getByLabel('What a client earns').fill(HARBOUR_OFFER.rewardWording);
    await expect(
      offer.getByText(`The card reads: "EARN A £${reward} THANK-YOU PER FRIEND"`, { exact: false }),
    ).toBeVisible();
    // The treatments: the first renamed, the last removed, one added, and the new one moved to the top.
    await offer.getByLabel('Treatment 1', { exact: true }).fill('Invisalign');
    await offer.getByRole('button', { name: 'Remove "Facial Aesthetics treatments"' }).click();
    await offer.getByRole('button', { name: 'Add a treatment' }).click();
    await expect(offer.getByLabel('Treatment 4', { exact: true })).toBeFocused();
    await page.keyboard.type('Dental implants');
    await offer.getByRole('button', { name: 'Move "Dental implants" up' }).click();
    await offer.getByRole('button', { name: 'Move "Dental implants" up' }).click();
    await offer.getByRole('button', { name: 'Move "Dental implants" up' }).click();
    await expect(offer.getByLabel('Treatment 1', { exact: true })).toHaveValue('Dental implants');
    await expect(offer.getByTestId('share-preview')).toContainText(
      `I'm a patient at ${E2E_CLINIC.clinicName} and I love it! Use my personal link to ${HARBOUR_OFFER.offerInvitation}`,
    );
    await expectNoSeriousViolations(page, 'Settings → Offer, filled in');
    await offer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Offer saved')).toBeVisible();
    await expect(offer.getByText('Unsaved changes')).toBeHidden();

    // A mistake is named beside its field, and nothing is saved.
    await offer.getByLabel('Headline').fill('   ');
    await offer.getByRole('button', { name: 'Save' }).click();
    await expect(offer.getByLabel('Headline')).toHaveAccessibleDescription(
      /The offer headline cannot be blank/,
    );
    await offer.getByRole('button', { name: 'Reset' }).click();
    await expect(offer.getByLabel('Headline')).toHaveValue(HARBOUR_OFFER.offerHeadline);

    // ------------------------------------------------------------------ the card, at once (its cache expired)
    await page.goto(`/card/${client.inviteToken}`);
    await expect(page.getByText(`EARN A £${reward} THANK-YOU PER FRIEND`)).toBeVisible();
    const cta = page.getByRole('link', { name: `Tap for ${HARBOUR_OFFER.offerHeadline}` });
    await expect(cta).toBeVisible();
    await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
    const message = await shareText(page);
    expect(message).toContain(
      `I'm a patient at ${E2E_CLINIC.clinicName} and I love it! Use my personal link to ${HARBOUR_OFFER.offerInvitation} — and I'll earn a £${reward} reward:`,
    );
    expect(message).not.toMatch(/5%|free consultation|our clinic/);
    await expectNoSeriousViolations(page, 'the card with the clinic’s own offer');

    // ------------------------------------------------------------------ the offer page, with the terms
    await cta.click();
    await expect(page).toHaveURL((url) => url.pathname === '/smile-story-offer');
    await expect(page.getByRole('heading', { level: 1, name: HARBOUR_OFFER.offerHeadline })).toBeVisible();
    await expect(page.getByText(HARBOUR_OFFER.offerDetails)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
    await expect(page.getByText(HARBOUR_OFFER.offerTerms)).toBeVisible();
    await expect(page.getByText(E2E_CLINIC.clinicName).first()).toBeVisible();
    await expect(page.getByText(/5%|free consultation/)).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the offer page with the clinic’s own offer');

    // ------------------------------------------------------------------ the form's treatments and its thank-you
    await page.getByRole('link', { name: 'Back to the recommendation form' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/recommendation-details');
    const treatment = page.getByLabel('How can we help you?');
    await expect(treatment.locator('option:not([disabled])')).toHaveText([
      'Dental implants',
      'Invisalign',
      'Improve my smile',
      'A healthy, pain-free mouth',
    ]);
    await waitForHydration(page.getByRole('button', { name: 'Submit', exact: true }));
    await page.getByLabel('First name').fill('Cerys');
    await page.getByLabel('Last name').fill('Morgan');
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'friend'));
    await page.getByLabel('Phone number').fill('7123456789');
    await treatment.selectOption({ label: 'Invisalign' });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Cerys!' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: HARBOUR_OFFER.offerHeadline })).toBeVisible();
    await expect(page.getByText(HARBOUR_OFFER.offerTerms)).toBeVisible();
    await expect(page.getByText('to arrange your consultation')).toBeVisible();
    await expectNoSeriousViolations(page, 'the thank-you with the clinic’s own offer');
  });

  test('an offer switched off: the card has no call to action and the share message promises nothing', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const client = await registerClient(request, testInfo);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(NO_BOOKMARK_PROMPT);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));

    await signInAsAdmin(page);
    await page.goto('/settings');
    const offer = card(page, 'Offer');
    await waitForHydration(offer.getByRole('button', { name: 'Add a treatment' }));
    await offer.getByRole('checkbox', { name: 'Friends get an offer' }).uncheck();
    await expect(offer.getByLabel('Headline')).toBeDisabled();
    await offer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Offer saved')).toBeVisible();

    await page.goto(`/card/${client.inviteToken}`);
    await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
    await expect(page.getByRole('link', { name: /^Tap for/ })).toHaveCount(0);
    await expect(page.getByText('YOUR FRIENDS GET')).toHaveCount(0);
    const message = await shareText(page);
    expect(message).toContain('Use my personal link to get in touch with them');
    expect(message).not.toMatch(/5%|free consultation/);

    // The form and the offer page promise nothing either.
    await page.goto(`/recommendation-details?ref=${client.cardNumber}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'So Glad You Finally Found Us!' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Tap for/ })).toHaveCount(0);
    await page.goto('/smile-story-offer');
    await expect(
      page.getByRole('heading', { level: 1, name: "No friend's offer at the moment" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'the offer page without an offer');
  });
});
