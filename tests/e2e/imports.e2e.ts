/**
 * Clients → Import (issue 33), end to end: a practice manager (staff, not a full admin) uploads a CSV made
 * here, finds a column guessed wrongly and fixes it, reads the preview's errors (and downloads them all), runs
 * it with the progress bar showing, and finds the clients in the clients table with their card numbers; a full
 * admin then undoes it. The same at phone width, with targets big enough to tap. axe on every step.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { startMailServer, type TestMailServer } from '../support/mail-server';
import { expectNoSeriousViolations } from './a11y-support';
import { downloadCsv } from './csv-support';
import { INSTANCES_ADMIN, startSolo, type Solo } from './instances-support';
import {
  card,
  createAccount,
  E2E_ADMIN,
  mainNav,
  signIn,
  signInAsAdmin,
  waitForHydration,
  type Account,
} from './support';

const CARD_NUMBER = /SC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;
const FIRST_NAMES = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Arthur', 'Freya', 'Noah', 'Ivy', 'Leo'];
/** Enough rows that the run takes more than one batch. */
const GENERATED = 600;
/** The banner's import: batches enough that the run is part-way when the test holds it. */
const BANNER_ROWS = 5_000;

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** 0 → 'aaa', 1 → 'aab': a name suffix of letters only (names take no digits). */
function suffix(i: number): string {
  return [676, 26, 1].map((d) => String.fromCharCode(97 + (Math.floor(i / d) % 26))).join('');
}

function csv(rows: string[][]): Buffer {
  const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  return Buffer.from(`${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`, 'utf8');
}

/**
 * A practice's spreadsheet: its old 'Email address' column is empty (the guess takes it), the addresses are in
 * 'Email (updated)'. Row 4 has a bad email; row 5 repeats row 2's email in capitals.
 */
function practiceFile(tag: string) {
  const email = (n: number | string) => `e2e-imp-${tag.toLowerCase()}-${n}@clinic.test`;
  const header = [
    'First name',
    'Last name',
    'Email address',
    'Email (updated)',
    'Mobile',
    'Patient ID',
    'Marketing consent',
  ];
  const rows = [
    ['Siân', `Evans-${tag}`, '', email('sian'), '07700 900101', 'P1001', 'Yes'],
    ['Zoë', `O'Brien-${tag}`, '', email('zoe'), '07700 900102', 'P1002', 'no'],
    ['Bad', `Row-${tag}`, '', 'not-an-email', '', 'P1003', 'Y'],
    ['Sian', `Evans-${tag}`, '', email('sian').toUpperCase(), '', 'P1004', 'N'],
    ...Array.from({ length: GENERATED }, (_, i) => [
      FIRST_NAMES[i % FIRST_NAMES.length]!,
      `${tag}${suffix(i)}`,
      '',
      email(i),
      '',
      `P${2000 + i}`,
      i % 2 === 0 ? 'yes' : 'no',
    ]),
  ];
  return { buffer: csv([header, ...rows]), toAdd: 2 + GENERATED, badRow: 4, duplicateRow: 5 };
}

/** One of the four figures of the preview, by its label. */
function figure(page: Page, label: string): Locator {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
}

async function upload(page: Page, name: string, buffer: Buffer): Promise<string> {
  const input = page.getByLabel('File to import');
  await waitForHydration(input);
  await input.setInputFiles({ name, mimeType: 'text/csv', buffer });
  await expect(page).toHaveURL(/[?&]import=[0-9a-f-]{36}/, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get('import')!;
}

/** The clients table, filtered by `q`. */
async function clientsTable(page: Page, q: string): Promise<Locator> {
  await page.goto(`/?tab=clients&q=${encodeURIComponent(q)}`);
  return page.getByRole('tabpanel', { name: /^Clients & Referrals/ });
}

test.describe('importing clients from a file', () => {
  test.describe.configure({ mode: 'serial' });

  let manager: Account;
  let tag: string;
  let importId: string;
  let toAdd: number;

  test.beforeAll(async ({ request }, testInfo) => {
    manager = await createAccount(request, testInfo, { tag: 'manager' });
    tag = `Im${letters(6)}`;
  });

  test('a practice manager uploads a file, fixes a column, reads the errors and runs it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, manager);
    const addClient = page.getByRole('tabpanel', { name: 'Add Client' });
    await addClient.getByRole('link', { name: 'Import clients' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/clients/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import clients' })).toBeVisible();
    await expect(
      page.getByText(/CSV .* or an Excel \.xlsx workbook .* up to 20 MB and 100,000 rows/),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'import: upload');

    const file = practiceFile(tag);
    toAdd = file.toAdd;
    importId = await upload(page, 'practice-export.csv', file.buffer);

    // The guess took the old, empty email column: nothing can be added, and the button says why.
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue('Email address');
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('First name');
    await expect(page.getByLabel('Practice patient ID', { exact: true })).toHaveValue('Patient ID');
    await expect(figure(page, 'To add')).toHaveText('0');
    await expect(page.getByRole('button', { name: /^Import 0 clients$/ })).toBeDisabled();
    await expect(page.getByText(/No row adds a new client/)).toBeVisible();

    // Fixed: the preview is made again with the right column.
    await email.selectOption('Email (updated)');
    await expect(page.getByText(/The preview below is up to date/)).toBeVisible();
    await expect(figure(page, 'To add')).toHaveText(toAdd.toLocaleString('en-GB'));
    await expect(figure(page, 'Already clients')).toHaveText('0');
    await expect(figure(page, 'Repeated in the file')).toHaveText('1');
    await expect(figure(page, 'With errors')).toHaveText('1');

    // The problems: row, column and what is wrong.
    const problems = page.getByRole('region', { name: 'Rows that will not be imported' });
    const badRow = problems
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(file.badRow), exact: true }) });
    await expect(badRow).toContainText('Email (updated)');
    await expect(badRow).toContainText(/email/i);
    const repeated = problems
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(file.duplicateRow), exact: true }) });
    await expect(repeated).toContainText(/Repeats the email of row 2/);
    await expectNoSeriousViolations(page, 'import: preview with errors');

    // Every error as a CSV: the original row, its number and the reason.
    const { rows } = await downloadCsv(
      page,
      problems.getByRole('link', { name: 'Download all errors (CSV)' }),
    );
    const header = rows[0]!;
    expect(header).toEqual(expect.arrayContaining(['Email (updated)', 'Row', 'Reason']));
    const bad = rows.find((r) => r.includes('not-an-email'));
    expect(bad, 'the bad row is in errors.csv').toBeTruthy();
    expect(bad![header.indexOf('Row')]).toBe(String(file.badRow));
    expect(bad![header.indexOf('Reason')]).toMatch(/email/i);

    // Run: the progress bar shows, then the result.
    await page.getByRole('button', { name: `Import ${toAdd.toLocaleString('en-GB')} clients` }).click();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: `Added ${toAdd} clients` })).toBeVisible({
      timeout: 60_000,
    });
    // Staff who are not full admins neither send the cards nor undo.
    await expect(page.getByRole('button', { name: /^Send cards/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'import: done (staff)');

    // Recorded in the history.
    const history = page.getByRole('link', { name: /practice-export\.csv/ }).first();
    await expect(history).toContainText('Done');
    await expect(history).toContainText(manager.email);

    // In the clients table, each with a card number.
    await page.getByRole('link', { name: 'See them in the clients table' }).click();
    await expect(page).toHaveURL(/[?&]tab=clients/);
    const table = await clientsTable(page, `Evans-${tag}`);
    const sian = table.locator('tbody').filter({ hasText: 'Siân' });
    await expect(sian).toHaveCount(1);
    await expect(sian).toContainText(CARD_NUMBER);
    const zoe = (await clientsTable(page, `O'Brien-${tag}`)).locator('tbody').filter({ hasText: 'Zoë' });
    await expect(zoe).toContainText(CARD_NUMBER);
    const generated = (await clientsTable(page, `${tag}aaa`)).locator('tbody').filter({ hasText: 'Amelia' });
    await expect(generated).toContainText(CARD_NUMBER);
  });

  test('a full admin sees who would get cards, and undoes the import', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/clients/import?import=${importId}`);
    await expect(page.getByRole('heading', { level: 2, name: `Added ${toAdd} clients` })).toBeVisible();

    // Send cards: said before it is done; not sent here.
    await page.getByRole('button', { name: /^Send cards to \d[\d,]* imported clients?$/ }).click();
    const send = page.getByRole('alertdialog');
    await expect(send).toContainText(/said yes to marketing|soft opt-in/);
    await expect(send).toContainText(/an hour/);
    await expect(send).toContainText(/unsubscribed is skipped/);
    await expectNoSeriousViolations(page, 'import: send cards dialog');
    await send.getByRole('button', { name: 'Cancel' }).click();
    await expect(send).toBeHidden();

    await page.getByRole('button', { name: 'Undo import' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(/except any who already have referrals/);
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Import undone' })).toBeVisible();
    await expect(page.getByText(`Removed ${toAdd} clients this import added.`)).toBeVisible();
    await expectNoSeriousViolations(page, 'import: undone');

    const table = await clientsTable(page, `Evans-${tag}`);
    await expect(table.getByText('No clients match these filters.')).toBeVisible();
  });
});

test.describe('the import banner on every staff page', () => {
  // A server and database of the test's own (instances-support.ts): while its import runs, every staff page of
  // that server shows the banner, which the other files' pages, on the shared server, must never see.
  let mail: TestMailServer;
  let solo: Solo;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mail = await startMailServer();
    solo = await startSolo({ distDir: process.env.NEXT_DIST_DIR || '.next', smtpUrl: mail.url });
  });

  test.afterAll(async ({}, testInfo) => {
    await solo?.stop();
    await mail?.close();
    if (solo) await testInfo.attach('server output', { body: solo.instance.output.join('') });
  });

  test('while an import runs, each staff page says how far it has got and links to it', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const admin = await playwright.request.newContext({ baseURL: solo.url });
    const api = await playwright.request.newContext({ baseURL: solo.url });
    const context = await browser.newContext({ baseURL: solo.url });
    const page = await context.newPage();
    // The test holds the clients table still, as a long import's next batch would wait on a busy database.
    const database = new pg.Client({ connectionString: solo.databaseUrl });
    await database.connect();
    try {
      const login = await admin.post('/api/login', {
        data: { username: INSTANCES_ADMIN.email, password: INSTANCES_ADMIN.password },
      });
      expect(login.status(), await login.text()).toBe(200);
      const staff = { email: 'banner-staff@clinic.test', password: 'Banner-staff-password-1' };
      const made = await admin.post('/api/admin/users', { data: { ...staff, isFullAdmin: false } });
      expect(made.status(), await made.text()).toBe(201);

      // The import is the staff member's own, uploaded and started through the API as the screen does.
      const signedIn = await api.post('/api/login', {
        data: { username: staff.email, password: staff.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      const file = csv([
        ['First name', 'Last name', 'Email'],
        ...Array.from({ length: BANNER_ROWS }, (_, i) => [
          FIRST_NAMES[i % FIRST_NAMES.length]!,
          `Banner${suffix(i)}`,
          `banner-${i}@clinic.test`,
        ]),
      ]);
      const uploaded = await api.post('/api/imports/clients', {
        multipart: { file: { name: 'dentally-export.csv', mimeType: 'text/csv', buffer: file } },
        timeout: 60_000,
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      const { id } = (await uploaded.json()) as { id: string };
      const started = await api.post(`/api/imports/${id}/start`, { data: {} });
      expect(started.status(), await started.text()).toBe(202);

      // Once a batch or more is written, the clients table is locked against writes (reads go on): the run's
      // next batch waits, so the import is still running, part-way, however fast this machine writes.
      let done = 0;
      await expect(async () => {
        const res = await api.get(`/api/imports/${id}`);
        const body = (await res.json()) as { status: string; progress: { done: number } };
        expect(body.status).toBe('running');
        done = body.progress.done;
        expect(done).toBeGreaterThan(0);
      }).toPass({ timeout: 60_000, intervals: [50] });
      await database.query('BEGIN');
      await database.query('LOCK TABLE "clients" IN EXCLUSIVE MODE');
      const held = (await (await api.get(`/api/imports/${id}`)).json()) as {
        status: string;
        progress: { done: number; total: number };
      };
      expect(held.status).toBe('running');
      expect(held.progress.done).toBeLessThan(BANNER_ROWS);
      const percent = Math.floor((held.progress.done / BANNER_ROWS) * 100);

      await signIn(page, staff);
      const banner = page.getByRole('link', {
        name: new RegExp(
          `^Importing clients: ${percent}% \\(${held.progress.done.toLocaleString('en-GB')} of ` +
            `${BANNER_ROWS.toLocaleString('en-GB')}\\)`,
        ),
      });
      await expect(banner).toBeVisible();
      await expect(banner).toHaveAttribute('href', `/clients/import?import=${id}`);
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Importing clients: ${Math.floor(percent / 10) * 10}% done` }),
      ).toBeAttached();
      await expectNoSeriousViolations(page, 'the dashboard with the import banner');

      await mainNav(page).getByRole('link', { name: 'Team Reviews' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/team-reviews');
      await expect(banner).toBeVisible();

      // The import's own page shows its own bar instead. Its banner (there, hidden) must have seen the run
      // before the run ends, to say afterwards how it ended: on a busy machine the page's scripts may take
      // seconds to ask, so the test waits for the banner's question answered while the table is still held.
      const bannerLooked = page.waitForResponse(
        (res) =>
          new URL(res.url()).pathname === '/api/imports' &&
          new URL(res.url()).searchParams.get('limit') === '5',
      );
      await page.goto('/clients/import');
      await expect(page.getByRole('heading', { level: 1, name: 'Import clients' })).toBeVisible();
      const looked = (await (await bannerLooked).json()) as { id: string; status: string }[];
      expect(looked.find((i) => i.id === id)?.status).toBe('running');
      await expect(banner).toHaveCount(0);

      // The table let go, the batch in hand finishes and the cancel (which waits for it) stops the run.
      await database.query('COMMIT');
      const cancel = await api.post(`/api/imports/${id}/cancel`, { timeout: 150_000 });
      expect(cancel.status(), await cancel.text()).toBe(200);
      expect(((await cancel.json()) as { status: string }).status).toBe('cancelled');

      // The next page looks again: the banner has gone, and says once how the run ended.
      await mainNav(page).getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/settings');
      await expect(page.getByRole('link', { name: /^Importing clients:/ })).toHaveCount(0);
      await expect(
        page.getByText(/^Import cancelled: [\d,]+ clients? added before it stopped\.$/).first(),
      ).toBeVisible();
    } finally {
      await database.query('ROLLBACK').catch(() => undefined);
      await database.end();
      await context.close();
      await api.dispose();
      await admin.dispose();
    }
  });
});

test.describe('importing clients on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the steps fit a phone, with targets big enough to tap', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const manager = await createAccount(request, testInfo, { tag: 'phonemanager' });
    const tag = `Ip${letters(6)}`;
    const email = (n: string) => `e2e-imp-${tag.toLowerCase()}-${n}@clinic.test`;
    // A full name in one column, split for us; a phone export's headers.
    const file = csv([
      ['Patient name', 'E-mail', 'Telephone', 'Opt in'],
      [`Siân Morgan${tag}`, email('a'), '07700 900201', 'yes'],
      [`Morris${tag}, Rhys`, email('b'), '07700 900202', 'no'],
      [`Nobody${tag}`, 'nobody-at-all', '', 'maybe'],
    ]);

    await signIn(page, manager);
    await page.goto('/clients/import');
    const noOverflow = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await noOverflow();
    expect((await page.getByLabel('File to import').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousViolations(page, 'import on a phone: upload');

    await upload(page, 'phone-export.csv', file);
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Patient name');
    await expect(figure(page, 'To add')).toHaveText('2');
    await expect(figure(page, 'With errors')).toHaveText('1');
    for (const label of ['First name', 'Email', 'Marketing consent'])
      expect((await page.getByLabel(label, { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(
        44,
      );
    const run = page.getByRole('button', { name: 'Import 2 clients' });
    expect((await run.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const download = page.getByRole('link', { name: 'Download all errors (CSV)' });
    expect((await download.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await noOverflow();
    await expectNoSeriousViolations(page, 'import on a phone: preview');

    await run.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Added 2 clients' })).toBeVisible({
      timeout: 60_000,
    });
    await noOverflow();
    await expectNoSeriousViolations(page, 'import on a phone: done');

    const table = await clientsTable(page, `Morgan${tag}`);
    await expect(table.locator('tbody').filter({ hasText: 'Siân' })).toContainText(CARD_NUMBER);
  });
});

test.describe('Settings → Existing patients and marketing', () => {
  test('a full admin records the soft opt-in, with who and when, and the card emails an hour', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto('/settings');
    const settings = card(page, 'Existing patients and marketing');
    await expect(settings).toContainText('PECR');
    const softOptIn = settings.getByRole('checkbox', {
      name: 'We rely on the soft opt-in for our existing patients',
    });
    const perHour = settings.getByLabel('Card emails an hour');
    await waitForHydration(softOptIn);
    await expect(softOptIn).not.toBeChecked();
    await expect(perHour).toHaveValue('500');

    await softOptIn.click();
    await perHour.fill('250');
    await settings.getByRole('button', { name: 'Save' }).click();
    const today = new Date().toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
    await expect(settings).toContainText(`Recorded by ${E2E_ADMIN.email} on ${today}.`);
    await expectNoSeriousViolations(page, 'Settings with the soft opt-in recorded');

    await page.reload();
    await expect(softOptIn).toBeChecked();
    await expect(perHour).toHaveValue('250');
    await expect(settings).toContainText(`Recorded by ${E2E_ADMIN.email} on ${today}.`);

    // Off again (and the rate back): the record is cleared.
    await waitForHydration(softOptIn);
    await softOptIn.click();
    await expect(settings).toContainText('Saving turns it off and clears the record');
    await perHour.fill('0');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toContainText('from 1 to 5,000');
    await perHour.fill('500');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toContainText('Off: only imported clients whose file said yes to marketing');
    await page.reload();
    await expect(softOptIn).not.toBeChecked();
    await expect(perHour).toHaveValue('500');
  });
});
