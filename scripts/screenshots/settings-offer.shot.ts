/**
 * docs/settings-offer.png: Settings → Offer filled in with a realistic clinic's offer, 1366 px wide, for the
 * README (issue 29, point 2). Sets the offer through the API, photographs the card, then puts the spec's
 * offer back.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_OFFER } from '../../lib/offer';
import { apiSignInAsAdmin, card, signInAsAdmin, waitForHydration } from '../../tests/e2e/support';

const OUT = path.resolve(__dirname, '../../docs/settings-offer.png');

test('Settings → Offer, filled in', async ({ page, request }) => {
  await apiSignInAsAdmin(request);
  const res = await request.patch('/api/settings', {
    data: {
      offerEnabled: true,
      offerHeadline: '£50 off your first hygiene visit',
      offerInvitation: 'book a hygiene visit at Harbour Smile Studio and get £50 off',
      offerDetails:
        'As a friend of one of our patients, your first visit with our hygienist is £50 less. Just mention who recommended you when we call.',
      offerTerms:
        'New patients aged 18 and over. One offer per person, used at the first hygiene appointment. Not exchangeable for cash.',
      rewardWording: '{amount} for every friend who starts treatment',
      treatmentOptions: [
        'Invisalign clear aligners',
        'Dental implants',
        'Teeth whitening',
        'A check-up and hygiene visit',
      ],
      offerLink: null,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  try {
    await signInAsAdmin(page);
    await page.goto('/settings');
    const offer = card(page, 'Offer');
    await waitForHydration(offer.getByRole('button', { name: 'Add a treatment' }));
    await offer.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    // The card's place on the page (not in the window), so the clip is right however far it is scrolled, and
    // the left edge of the main column: the sidebar stays in the window while the page scrolls, so a clip of a
    // full page would show it floating halfway down.
    const { top, height, left } = await offer.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const main = el.closest('main')?.getBoundingClientRect().left ?? 0;
      return { top: rect.top + window.scrollY, height: rect.height, left: main };
    });
    await page.screenshot({
      path: OUT,
      fullPage: true,
      // The main column's whole width (the card beside its neighbour), the card's full height.
      clip: { x: left, y: Math.max(0, top - 24), width: 1366 - left, height: Math.ceil(height + 48) },
    });
  } finally {
    await apiSignInAsAdmin(request);
    await request.patch('/api/settings', {
      data: { ...DEFAULT_OFFER, treatmentOptions: [...DEFAULT_OFFER.treatmentOptions], offerLink: null },
    });
  }
});
