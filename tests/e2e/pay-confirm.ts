import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { uniqueEmail } from './support';

/** The confirmation every 'Paid Now' opens (issue 29, point 1). */
export const payDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Mark this reward paid?' });

/**
 * Confirms the 'Paid Now' just pressed (issue 29, point 1: money is never recorded as sent in one click), by
 * mouse or, with `keyboard`, as a keyboard user does: Tab from Cancel (where the dialog opens) to the confirm
 * button, and Enter.
 */
export async function confirmPayment(page: Page, { keyboard = false }: { keyboard?: boolean } = {}) {
  const dialog = payDialog(page);
  const confirm = dialog.getByRole('button', { name: /^Mark £[\d,.]+ paid$/ });
  await expect(confirm).toBeVisible();
  if (keyboard) {
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
  } else {
    await confirm.click();
  }
  await expect(dialog).toHaveCount(0);
}

/* Payments made through the API, and where the Payments tab shows them (payments.e2e.ts, payments.phone.e2e.ts). */

export interface Client {
  id: string;
  name: string;
  cardNumber: string;
}

export interface Conversion {
  id: string;
  /** The lead's (title-cased) name. */
  name: string;
  rewardAmount: number;
}

/** Lower-case letters only, so that the server's title case is predictable. */
function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A last name no other test, worker or retry uses. */
function uniqueWord(testInfo: TestInfo, base: string): string {
  return `${base}${String.fromCharCode(97 + (testInfo.workerIndex % 26))}${letters(9)}`;
}

export async function createClient(
  request: APIRequestContext,
  testInfo: TestInfo,
  firstName: string,
  bacs?: { sortCode: string; accountNumber: string; accountName: string },
): Promise<Client> {
  const lastName = uniqueWord(testInfo, 'payee');
  const res = await request.post('/api/admin/clients', {
    data: { firstName, lastName, email: uniqueEmail(testInfo, 'payee') },
  });
  expect(res.status(), await res.text()).toBe(201);
  const client = (await res.json()) as { id: string; cardNumber: string };
  if (bacs) {
    const patch = await request.patch(`/api/admin/clients/${client.id}`, { data: bacs });
    expect(patch.status(), await patch.text()).toBe(200);
  }
  return {
    id: client.id,
    name: `${capitalise(firstName)} ${capitalise(lastName)}`,
    cardNumber: client.cardNumber,
  };
}

/** A manual referral of the client whose story starts now, with this reward. */
export async function convertReferral(
  request: APIRequestContext,
  testInfo: TestInfo,
  client: Client,
  firstName: string,
  rewardAmount: number,
): Promise<Conversion> {
  const lastName = uniqueWord(testInfo, 'lead');
  const lead = await request.post('/api/leads', {
    data: {
      firstName,
      lastName,
      email: uniqueEmail(testInfo, 'lead'),
      source: 'Manual Entry',
      referrerId: client.id,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const { referralId } = (await lead.json()) as { referralId: string };
  expect(referralId).toBeTruthy();
  const res = await request.patch(`/api/referrals/${referralId}`, {
    data: { status: 'Payment Due', rewardAmount },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'Payment Due', rewardAmount, rewardPaid: false });
  return { id: referralId, name: `${capitalise(firstName)} ${capitalise(lastName)}`, rewardAmount };
}

export function outstandingRow(page: Page, conversion: Conversion): Locator {
  return page
    .getByRole('region', { name: 'Outstanding Payments Alert' })
    .getByRole('list', { name: 'Outstanding payments' })
    .getByRole('listitem')
    .filter({ hasText: conversion.name });
}

/** A client's group in the month's summary, found by the client's unique name. */
export function summaryGroup(page: Page, client: Client): Locator {
  return page
    .getByRole('list', { name: /^Payments by client, / })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4, name: client.name, exact: true }) });
}

export function badge(scope: Locator, text: string): Locator {
  return scope.locator('[data-slot="badge"]').filter({ hasText: new RegExp(`^${text}$`) });
}
