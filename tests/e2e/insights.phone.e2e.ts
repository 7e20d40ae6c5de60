import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { card, mainNav, signInAsAdmin } from './support';

/** The owner's Insights (issue 20) on a phone: reached from the menu, readable without sideways scrolling. */
test('Insights on a phone: from the menu, every chart in the width, a period and a table view', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await mainNav(page.getByRole('dialog', { name: 'Menu' }))
    .getByRole('link', { name: 'Insights' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const charts = page.getByRole('img', { name: /by month|funnel|per member/ });
  await expect(charts.first()).toBeVisible();
  for (const chart of await charts.all()) {
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The period buttons are big enough to tap and switch the figures.
  const six = page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '6 months' });
  expect((await six.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await six.click();
  await expect(page).toHaveURL((url) => url.searchParams.get('months') === '6');

  const rewards = card(page, 'Rewards paid and owed');
  await rewards.getByRole('button', { name: 'Show as table' }).click();
  await expect(rewards.locator('tbody tr')).toHaveCount(6);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousViolations(page, 'insights on a phone, rewards as a table');
});
