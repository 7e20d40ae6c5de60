/**
 * Story Started from the practice's own records (issue 34), end to end: a practice manager (staff, not a full
 * admin) with three open referrals uploads an appointments export made here, takes its records, and on Started
 * treatment confirms two proposals and rejects one. The two referrals are then at Payment Due, converted on the
 * practice's days; the full admin's payment report counts them; the rejected friend's referral is still open.
 * The database is shared with every other test, so everything here carries unique names and is looked for by
 * them.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MONTH_NAMES } from '../../lib/period';
import { currentUkMonth, ukDateString } from '../../lib/uk-time';
import { expectNoSeriousViolations } from './a11y-support';
import { createClient, outstandingRow, summaryGroup, type Client } from './pay-confirm';
import { apiSignInAsAdmin, collectConsoleErrors, createAccount, removeAccount, signIn } from './support';

interface Friend {
  firstName: string;
  lastName: string;
  email: string;
  referralId: string;
  /** The practice's day of the completed appointment (YYYY-MM-DD). */
  eventDate: string;
}

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** 3 Nov 2026, as the app writes a day. */
function enGb(isoDay: string): string {
  return new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

/** 31/12/2026, as a practice system exports a day. */
const ukSlashes = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** A referral of `client` made by staff (pending), with its friend's unique name and email. */
async function referFriend(
  request: APIRequestContext,
  client: Client,
  firstName: string,
  tag: string,
  eventDate: string,
): Promise<Friend> {
  const lastName = `Prac${tag}${letters(8)}`;
  const email = `e2e-prac-${tag}-${letters(10)}@clinic.test`;
  const res = await request.post('/api/leads', {
    data: { firstName, lastName, email, source: 'Manual Entry', referrerId: client.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { referralId } = (await res.json()) as { referralId: string };
  expect(referralId).toBeTruthy();
  return { firstName, lastName: capitalise(lastName.toLowerCase()), email, referralId, eventDate };
}

function friendName(f: Friend): string {
  return `${f.firstName} ${f.lastName}`;
}

/** A practice system's appointments export: title lines are not needed; the names as the practice typed them. */
function appointmentsCsv(friends: Friend[]): Buffer {
  const header = [
    'Patient ID',
    'First name',
    'Surname',
    'Email',
    'Appointment date',
    'Appointment ID',
    'Status',
  ];
  const rows = friends.map((f, i) => [
    `P${letters(6)}`,
    f.firstName,
    f.lastName,
    // The email in capitals: matched all the same.
    f.email.toUpperCase(),
    ukSlashes(f.eventDate),
    `APT-${letters(8)}-${i}`,
    'Completed',
  ]);
  return Buffer.from([header, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8');
}

/** A proposal's card on Started treatment, by its friend's unique name. */
function proposal(page: Page, friend: Friend): Locator {
  return page
    .getByRole('list', { name: 'To confirm' })
    .getByRole('article', { name: friendName(friend), exact: true });
}

async function referralsOf(request: APIRequestContext, client: Client) {
  const res = await request.get(`/api/referrals?clientId=${client.id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    id: string;
    status: string;
    convertedAt: string | null;
    rewardAmount: number | null;
  }[];
}

test.describe('Started treatment, from an upload of the practice export', () => {
  test('a practice manager uploads appointments, confirms two proposals and rejects one; the payment report counts the two', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(60_000);
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignInAsAdmin(admin);
    // Automatic confirmation stays off for this test: every proposal waits for the practice manager.
    const off = await admin.patch('/api/settings', { data: { autoConfirmHighMatches: false } });
    expect(off.status(), await off.text()).toBe(200);
    const manager = await createAccount(admin, testInfo, { tag: 'practice-manager' });

    // The practice's days: the 1st of this month and today (the UK's), so the month's report holds both.
    const today = ukDateString(new Date());
    const first = `${today.slice(0, 8)}01`;
    const referrer = await createClient(admin, testInfo, 'rhiannon');
    const [ffion, gethin, heledd] = [
      await referFriend(admin, referrer, 'Ffion', 'f', first),
      await referFriend(admin, referrer, 'Gethin', 'g', today),
      await referFriend(admin, referrer, 'Heledd', 'h', today),
    ];
    const [ffionRef, gethinRef, heleddRef] = [ffion!, gethin!, heledd!];

    // ---------------------------------------------------------------- the practice manager uploads the export
    const errors = collectConsoleErrors(page);
    await signIn(page, manager);
    await page.goto('/practice-records');
    await expect(page.getByRole('heading', { level: 1, name: 'Started treatment?' })).toBeVisible();
    // Staff who are not full admins neither switch automatic confirmation nor confirm everything at once.
    await expect(page.getByRole('switch')).toHaveCount(0);

    const upload = page.getByRole('region', { name: 'Upload a practice export' });
    await upload.getByLabel('Upload a practice export').setInputFiles({
      name: 'appointments.csv',
      mimeType: 'text/csv',
      buffer: appointmentsCsv([ffionRef, gethinRef, heleddRef]),
    });
    await upload.getByRole('button', { name: 'Take 3 records' }).click();
    await expect(upload.getByRole('status')).toHaveText(
      '3 records taken: 3 new, 3 matched, 3 proposed to confirm.',
    );

    // --------------------------------------------------------------------- three proposals, each with why
    await expect(page.getByRole('button', { name: /^Confirm all high-confidence/ })).toHaveCount(0);
    const cards = [ffionRef, gethinRef, heleddRef].map((f) => proposal(page, f));
    for (const [i, f] of [ffionRef, gethinRef, heleddRef].entries()) {
      const c = cards[i]!;
      await expect(c).toBeVisible();
      await expect(c).toContainText(`Referred by ${referrer.name}`);
      await expect(c).toContainText(`Completed appointment on ${enGb(f.eventDate)}`);
      await expect(c.getByText('High confidence')).toBeVisible();
      await expect(c.getByRole('listitem').filter({ hasText: 'The same email address' })).toBeVisible();
    }
    await expectNoSeriousViolations(page, 'Started treatment: three proposals');

    // Confirm two, reject one: each row leaves the list with a status message (with the reward now fixed).
    const startedText = (name: string) =>
      new RegExp(
        `^Story Started for ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: Payment Due £[\\d,]+(\\.\\d\\d)?\\.$`,
      );
    const said = page.getByRole('status').filter({ hasText: /Story Started for|Noted/ });
    await cards[0]!.getByRole('button', { name: /^Confirm/ }).click();
    await expect(said).toHaveText(startedText(friendName(ffionRef)));
    await expect(cards[0]!).toHaveCount(0);
    await cards[1]!.getByRole('button', { name: /^Confirm/ }).click();
    await expect(said).toHaveText(startedText(friendName(gethinRef)));
    await expect(cards[1]!).toHaveCount(0);
    await cards[2]!.getByRole('button', { name: /^Not this person/ }).click();
    await expect(said).toHaveText('Noted: not this person.');
    await expect(cards[2]!).toHaveCount(0);

    // The Confirmed tab shows the two at Payment Due.
    await page.getByRole('tab', { name: 'Confirmed' }).click();
    await expect(page).toHaveURL(/status=confirmed/);
    const confirmed = page.getByRole('list', { name: 'Confirmed' });
    for (const f of [ffionRef, gethinRef]) {
      const c = confirmed.getByRole('article', { name: friendName(f), exact: true });
      await expect(c).toContainText('Referral: Payment Due');
      await expect(c).toContainText(`by ${manager.email}`);
    }
    expect(errors).toEqual([]);

    // --------------------------------------------- the referrals: two at Payment Due on the practice's days
    const referrals = await referralsOf(admin, referrer);
    const byId = new Map(referrals.map((r) => [r.id, r]));
    for (const f of [ffionRef, gethinRef]) {
      const r = byId.get(f.referralId)!;
      expect(r.status).toBe('Payment Due');
      expect(ukDateString(new Date(r.convertedAt!))).toBe(f.eventDate);
    }
    expect(byId.get(heleddRef.referralId)).toMatchObject({ status: 'pending', convertedAt: null });
    const owed = [ffionRef, gethinRef].reduce(
      (sum, f) => sum + (byId.get(f.referralId)!.rewardAmount ?? 0),
      0,
    );

    // ------------------------------------------------------ the full admin's payment report counts the two
    await apiSignInAsAdmin(page.request);
    await page.goto('/?tab=payments');
    const { year, month } = currentUkMonth();
    await expect(
      page.getByRole('heading', { level: 3, name: `${MONTH_NAMES[month - 1]} ${year} Payment Summary` }),
    ).toBeVisible();
    const group = summaryGroup(page, referrer);
    await expect(group.getByRole('button', { name: `2 conversions of ${referrer.name}` })).toBeVisible();
    await expect(group.getByText(`Total £${owed.toLocaleString('en-GB')}`)).toBeVisible();
    for (const f of [ffionRef, gethinRef]) {
      const row = outstandingRow(page, { id: f.referralId, name: friendName(f), rewardAmount: 0 });
      await expect(row).toContainText(`Converted ${enGb(f.eventDate)}`);
    }
    await expect(
      outstandingRow(page, { id: heleddRef.referralId, name: friendName(heleddRef), rewardAmount: 0 }),
    ).toHaveCount(0);

    await removeAccount(admin, manager);
    await admin.dispose();
  });
});
