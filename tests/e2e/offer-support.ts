/** Helpers of the offer tests (offer.e2e.ts, offer.phone.e2e.ts; issue 29, point 2). */
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DEFAULT_OFFER } from '../../lib/offer';
import { apiSignInAsAdmin, uniqueEmail } from './support';

export const HARBOUR_OFFER = {
  offerHeadline: '£50 off your first hygiene visit',
  offerInvitation: 'book a hygiene visit and get £50 off',
  offerDetails: 'As a friend of one of our patients, your first hygiene visit with us is £50 less.',
  offerTerms: 'New patients only. One offer per person. Not exchangeable for cash.',
  rewardWording: 'a {amount} thank-you per friend',
};

export async function restoreDefaultOffer(request: APIRequestContext): Promise<void> {
  await apiSignInAsAdmin(request);
  const res = await request.patch('/api/settings', {
    data: { ...DEFAULT_OFFER, treatmentOptions: [...DEFAULT_OFFER.treatmentOptions], offerLink: null },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function registerClient(request: APIRequestContext, testInfo: TestInfo) {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: { firstName: 'nia', lastName: 'evans', email: uniqueEmail(testInfo, 'offer') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { cardNumber: string; inviteToken: string };
}

export async function rewardAmount(request: APIRequestContext): Promise<number> {
  await apiSignInAsAdmin(request);
  return ((await (await request.get('/api/settings')).json()) as { referralRewardAmount: number })
    .referralRewardAmount;
}

/** The message 'Share via Apps' would send, as copied where the browser has no share sheet. */
export async function shareText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'SHARE IT NOW' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link Copied to Clipboard' });
  await dialog.getByRole('button', { name: 'Share via Apps' }).click();
  await expect(page.getByText('Message copied to clipboard!').first()).toBeVisible();
  const message = await page.evaluate(() => navigator.clipboard.readText());
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return message;
}
