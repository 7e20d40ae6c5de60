import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { apiSignInAsAdmin, uniqueEmail, waitForHydration } from './support';

/** Issue 29, point 14's specs (polish*.e2e.ts): a client of their own, and their card opened. */
export interface PolishClient {
  id: string;
  cardNumber: string;
  inviteToken: string;
  firstName: string;
  lastName: string;
}

export const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

export async function registerClient(
  request: APIRequestContext,
  testInfo: TestInfo,
  name: { firstName: string; lastName: string } = { firstName: 'Olivia', lastName: `Polish${letters(6)}` },
): Promise<PolishClient> {
  await apiSignInAsAdmin(request);
  const res = await request.post('/api/admin/clients', {
    data: { ...name, email: uniqueEmail(testInfo, 'polish') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as PolishClient;
}

export async function openCard(page: Page, client: PolishClient): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('rewardCard.bookmarked', 'true'));
  await page.goto(`/card/${client.inviteToken}`);
  await expect(page.getByText('REWARD CARD', { exact: true })).toBeVisible();
  await waitForHydration(page.getByRole('button', { name: 'SHARE IT NOW' }));
}
