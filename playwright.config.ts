import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real production build, started exactly as `npm start`
 * starts it, on its own port with its own embedded database in a fresh folder (never the app's .data/).
 */
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`; // inherited by the workers, so all agree
const PORT = Number(process.env.E2E_PORT) || 3210;
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The address links and QR codes name: the server runs without APP_URL, so start.ts's default (issue 14 point 5). */
export const E2E_APP_URL = `http://localhost:${PORT}`;
export const E2E_ADMIN = { email: 'e2e-admin@clinic.test', password: 'E2e-admin-password-1' };
/**
 * Issue 31: a second server of the same build, with REQUIRE_ADMIN_SECOND_FACTOR on (its default) and its own
 * database, for the specs about the second factor's enforcement (the others run with it off). On localhost,
 * the address its links name.
 */
const ENFORCED_PORT = PORT + 2;
export const E2E_ENFORCED_URL = `http://localhost:${ENFORCED_PORT}`;
const ENFORCED_TESTS = /(^|\/)enforced\.e2e\.ts$/;
/** The mail server the app sends through, and where the tests read what arrived (tests/e2e/mail-catcher.ts). */
const MAIL_SMTP_PORT = PORT + 15;
export const E2E_MAILS_URL = `http://127.0.0.1:${PORT + 16}/mails`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The tests that change the clinic's offer (Settings → Offer): they run alone, before every other test. */
const OFFER_TESTS = /(^|\/)offer(\.phone)?\.e2e\.ts$/;

/** An app server of the e2e build, started exactly as `npm start` starts it, with its own embedded database. */
function appServer(o: { port: number; dataTag: string; requireAdminSecondFactor: boolean }) {
  return {
    command: 'npx tsx scripts/start.ts',
    url: `http://127.0.0.1:${o.port}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    env: {
      PORT: String(o.port),
      DATA_DIR: path.join(os.tmpdir(), `smile-referrals-${o.dataTag}-${process.env.E2E_RUN_ID}`),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: '',
      EPHEMERAL_DATA_DIR: '1',
      // Every test browser posts from 127.0.0.1: the per-address limits on the public forms would trip.
      LEAD_RATE_LIMIT_PER_HOUR: '1000',
      TRACKING_RATE_LIMIT_PER_HOUR: '1000',
      // Failed card lookups: above what the other specs' not-found checks add up to from 127.0.0.1;
      // card-cache.e2e.ts runs its guessing run from an address of its own up to this limit.
      CARD_LOOKUP_FAILURES_PER_HOUR: '60',
      NEXT_TELEMETRY_DISABLED: '1',
      // Issue 32: an access line per request would bury the run's output; warnings and errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      REQUIRE_ADMIN_SECOND_FACTOR: String(o.requireAdminSecondFactor),
      // Messages go through a real SMTP server the tests read (issue 17).
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
      MAIL_FROM: 'E2E Clinic <hello@clinic.test>',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // The clinic's profile, set once before the others (tests/e2e/clinic.setup.ts).
    { name: 'setup', testMatch: /clinic\.setup\.ts$/ },
    {
      name: 'laptop',
      dependencies: ['setup', 'offer-phone'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      testIgnore: [/\.phone\.e2e\.ts$/, OFFER_TESTS, ENFORCED_TESTS],
    },
    {
      name: 'phone',
      dependencies: ['setup', 'offer-phone'],
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } },
      testMatch: /\.phone\.e2e\.ts$/,
      testIgnore: OFFER_TESTS,
    },
    // Issue 31: the second factor required of full admins, on a server of its own that requires it.
    {
      name: 'enforced',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        baseURL: E2E_ENFORCED_URL,
      },
      testMatch: ENFORCED_TESTS,
    },
    // Issue 29: these change the clinic's offer, which every card and form shows, so they run alone, before the
    // others (which then see the spec's offer again: the offer tests put it back).
    {
      name: 'offer-laptop',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      testMatch: /(^|\/)offer\.e2e\.ts$/,
    },
    {
      name: 'offer-phone',
      dependencies: ['offer-laptop'],
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } },
      testMatch: /(^|\/)offer\.phone\.e2e\.ts$/,
    },
  ],
  webServer: [
    {
      command: 'npx tsx tests/e2e/mail-catcher.ts',
      url: E2E_MAILS_URL.replace('/mails', '/health'),
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { MAIL_CATCHER_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_CATCHER_HTTP_PORT: String(PORT + 16) },
    },
    // Issue 31: the specs that are not about accounts sign in with a password alone and pay rewards; the second
    // factor's enforcement has a server of its own and the integration suite.
    appServer({ port: PORT, dataTag: 'e2e', requireAdminSecondFactor: false }),
    appServer({ port: ENFORCED_PORT, dataTag: 'e2e-enforced', requireAdminSecondFactor: true }),
  ],
});
