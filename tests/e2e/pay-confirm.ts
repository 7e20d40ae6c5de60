import { expect, type Page } from '@playwright/test';

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
