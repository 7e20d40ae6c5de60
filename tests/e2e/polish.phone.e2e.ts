import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { openCard, registerClient } from './polish-support';

/** Issue 29, point 14 on a phone (375 px): the card's Show QR and share dialog. */

test('Show QR keeps the card number on one line, readable, on a 375 px phone', async ({
  page,
  request,
}, testInfo) => {
  const client = await registerClient(request, testInfo);
  await openCard(page, client);
  await page.getByRole('button', { name: 'Show QR' }).click();
  const number = page.getByTestId('show-qr-number');
  await expect(number).toHaveText(client.cardNumber);
  const shown = await number.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    const box = el.getBoundingClientRect();
    return {
      lines: lines.size,
      fontSize: parseFloat(getComputedStyle(el).fontSize),
      left: box.left,
      right: el.getBoundingClientRect().left + el.scrollWidth,
      width: window.innerWidth,
    };
  });
  expect(shown.lines).toBe(1);
  expect(shown.fontSize).toBeGreaterThanOrEqual(20);
  expect(shown.left).toBeGreaterThanOrEqual(0);
  expect(shown.right).toBeLessThanOrEqual(shown.width);
  await expectNoSeriousViolations(page, 'Show QR on a phone');
});

test('the share dialog can be closed with its visible Close button on a phone', async ({
  page,
  context,
  request,
}, testInfo) => {
  const client = await registerClient(request, testInfo);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCard(page, client);
  await page.getByRole('button', { name: 'SHARE IT NOW' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link Copied to Clipboard' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();
});
