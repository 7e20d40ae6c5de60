import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y-support';
import { E2E_CLINIC } from './clinic-profile';
import { waitForHydration } from './support';

/**
 * Issue 29, point 12: every dead end a patient can meet on a phone says in plain words what happened and ends
 * with the clinic's phone (a tel: link) and website, from the clinic profile (one shared component,
 * components/public/contact-clinic.tsx), with no staff words ('administrator', 'created') and axe clean.
 */
const TEL = 'tel:+442079460000';

const DEAD_ENDS: { name: string; path: string; heading: string | RegExp; words: string | RegExp }[] = [
  {
    name: 'an unknown card',
    path: '/card/no-such-card-aaaaaaaaaa',
    heading: 'Referral Reward Card Not Found',
    words: 'We could not find a reward card at this link.',
  },
  {
    name: 'the card page without a card',
    path: '/referral-reward-card',
    heading: 'Referral Reward Card Not Found',
    words: 'We could not find a reward card at this link.',
  },
  {
    name: 'an unknown review link',
    path: '/review/TM-AAAA-BBBB-CCCC-DDDD',
    heading: 'Review Link Not Found',
    words: /they may no longer work at Harbour Smile Studio/,
  },
  {
    name: 'a bank-details link that is not valid',
    path: '/bank-details/not-a-real-token',
    heading: 'This link is not valid',
    words: 'Please check you opened the whole link from the email.',
  },
  {
    name: 'an unsubscribe link that is not valid',
    path: '/unsubscribe/not-a-real-token',
    heading: 'This link is not valid',
    words: /open the unsubscribe link in the email again/,
  },
  {
    name: 'a public page that does not exist',
    path: '/no-such-page',
    heading: 'Page Not Found',
    words: 'We could not find this page.',
  },
];

async function expectContact(page: Page) {
  const contact = page.getByTestId('contact-clinic');
  await expect(contact.getByRole('link', { name: `Call ${E2E_CLINIC.clinicPhone}` })).toHaveAttribute(
    'href',
    TEL,
  );
  await expect(contact.getByRole('link', { name: `Visit ${E2E_CLINIC.clinicName}` })).toHaveAttribute(
    'href',
    E2E_CLINIC.clinicWebsite,
  );
  await expect(page.getByText(/administrator|created/i)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('dead ends a patient can meet, on a phone', () => {
  for (const end of DEAD_ENDS) {
    test(`${end.name} says what happened and how to reach the clinic`, async ({ page }) => {
      await page.goto(end.path);
      await expect(page.getByRole('heading', { level: 1, name: end.heading })).toBeVisible();
      await expect(page.getByText(end.words)).toBeVisible();
      await expectContact(page);
      await expectNoSeriousViolations(page, `${end.name} (${end.path})`);
    });
  }

  test('the page after too many card links that do not exist, in a patient’s words', async ({ page }) => {
    const res = await page.goto('/card-limit');
    expect(res?.status()).toBe(429);
    await expect(page.getByRole('heading', { level: 1, name: 'Please wait a few minutes' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Call ${E2E_CLINIC.clinicPhone}` })).toHaveAttribute(
      'href',
      TEL,
    );
    await expect(page.getByRole('link', { name: `Visit ${E2E_CLINIC.clinicName}` })).toHaveAttribute(
      'href',
      E2E_CLINIC.clinicWebsite,
    );
    await expect(page.getByText(/Too many requests from this address/)).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the card-limit page');
  });
});

test('the lead form that cannot take the details offers the clinic’s phone and website', async ({ page }) => {
  await page.goto('/recommendation-details');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await waitForHydration(submit);
  await page.getByLabel('First name').fill('Amy');
  await page.getByLabel('Last name').fill('Pond');
  await page.getByLabel('Email').fill(`amy-${Date.now()}@example.com`);
  await page.getByLabel('Phone number').fill('07123456789');
  await page.getByLabel('How can we help you?').selectOption({ index: 1 });
  // The form's post never reaches the server (a dropped connection): the form says so and who to call.
  await page.route('**/recommendation-details**', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await submit.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your details were not sent' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: `Call ${E2E_CLINIC.clinicPhone}` })).toHaveAttribute(
    'href',
    TEL,
  );
  await expect(alert.getByRole('link', { name: `Visit ${E2E_CLINIC.clinicName}` })).toHaveAttribute(
    'href',
    E2E_CLINIC.clinicWebsite,
  );
  await expectNoSeriousViolations(page, 'the lead form, details not sent');
});
