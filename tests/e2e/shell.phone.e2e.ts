import { expect, test, type Page } from '@playwright/test';
import { openLoginPage, signInAsAdmin, waitForHydration } from './support';

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width;
  expect(width).toBe(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(375);
}

test.describe('on a 375 px phone', () => {
  test('the login page fits without horizontal scrolling', async ({ page }) => {
    await openLoginPage(page);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('the dashboard fits without horizontal scrolling; the sidebar is behind the Menu button', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Reward Card' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(3);
    await expectNoHorizontalScroll(page);

    // Every tab is on screen.
    for (const tab of await page.getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }

    // The sidebar is not shown until the menu opens.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  });

  test("the 'Menu' button opens the navigation and 'Settings' navigates", async ({ page }) => {
    await signInAsAdmin(page);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await waitForHydration(menuButton);

    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const nav = menu.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Referral Reward Card' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: /^Team Reviews/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await nav.getByRole('link', { name: 'Settings' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expectNoHorizontalScroll(page);

    // The menu also closes with Escape and shows the new current page.
    await menuButton.click();
    await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  for (const [path, heading] of [
    ['/settings', 'Settings'],
    ['/team-reviews', 'Rewards for Reviews'],
  ] as const) {
    test(`${path} fits without horizontal scrolling`, async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(
        page
          .getByRole('tab')
          .or(page.getByRole('heading', { name: 'Staff Accounts' }))
          .first(),
      ).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  }
});
