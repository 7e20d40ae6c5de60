/**
 * The README's screenshots (not part of npm test): the end-to-end set-up (the built app on its own port, the
 * clinic's profile from tests/e2e/clinic.setup.ts), then scripts/screenshots/*.shot.ts, which write docs/*.png.
 *
 *   NEXT_DIST_DIR=.next E2E_PORT=3330 npx playwright test --config scripts/screenshots/playwright.config.ts
 *
 * Build first (npm run build, or let npm run test:e2e build) so the server has something to serve.
 */
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import base from '../../playwright.config';

const root = path.resolve(__dirname, '../..');
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default defineConfig({
  ...base,
  testDir: root,
  testMatch: /scripts\/screenshots\/.*\.shot\.ts$/,
  retries: 0,
  projects: [
    { name: 'setup', testMatch: /tests\/e2e\/clinic\.setup\.ts$/ },
    {
      name: 'screenshots',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
  ],
  // The servers start from the repository's root, as they do for the end-to-end tests.
  webServer: servers.map((server) => ({ ...server, cwd: root })),
});
