import { expect, test as setup } from '@playwright/test';
import { E2E_CLINIC } from './clinic-profile';
import { apiSignInAsAdmin } from './support';

/** Before every e2e project (issue 16): every public page is tested, and audited by axe, as a clinic's. */
setup('the clinic profile and a review link are set', async ({ request }) => {
  await apiSignInAsAdmin(request);
  const res = await request.patch('/api/settings', { data: E2E_CLINIC });
  expect(res.status(), await res.text()).toBe(200);
});
