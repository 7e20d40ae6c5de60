import { expect, test as setup } from '@playwright/test';
import { apiSignInAsAdmin } from './support';

/**
 * Before every e2e project (issue 16): the clinic as a real one would set it up, so that every public page is
 * tested, and audited by axe, with a clinic name, contact details, a brand colour that is not the built-in
 * teal, and a Google review link (without one the review page says reviews are not set up and counts nothing).
 */
export const E2E_CLINIC = {
  clinicName: 'Harbour Smile Studio',
  clinicEmail: 'hello@harbour-smile.test',
  clinicPhone: '020 7946 0000',
  clinicAddress: '1 Quay Street\nBristol BS1 4DJ',
  clinicWebsite: 'https://harbour-smile.example',
  brandColour: '#1f4e79',
  googleReviewLink: 'ChIJe2e-default-place',
};

setup('the clinic profile and a review link are set', async ({ request }) => {
  await apiSignInAsAdmin(request);
  const res = await request.patch('/api/settings', { data: E2E_CLINIC });
  expect(res.status(), await res.text()).toBe(200);
});
