/**
 * Issue 33, points 4 to 6: an import runs as a job in batches (idempotent by import and row: a crash resumes
 * with no duplicate), can be cancelled, undone within 7 days (clients with referrals kept), and its clients'
 * cards are sent only when a full admin asks, to those a card may go to, throttled through the outbox.
 * Imports are written as the preview leaves them (tests/support/imports.ts), so these tests need no file.
 */
import type { ParsedMail } from 'mailparser';
import { POST as cancelRoute } from '@/app/api/imports/[id]/cancel/route';
import { POST as sendCardsRoute } from '@/app/api/imports/[id]/send-cards/route';
import { POST as startRoute } from '@/app/api/imports/[id]/start/route';
import { POST as undoRoute } from '@/app/api/imports/[id]/undo/route';
import { GET as clientRoute } from '@/app/api/clients/[id]/route';
import { CARD_NUMBER_PATTERN } from '@/lib/codes';
import { db } from '@/lib/db';
import { IMPORT_JOB } from '@/lib/jobs/import-clients';
import { startJobs } from '@/lib/jobs/queue';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { CARDS_ALL_SENT_TEXT, CARDS_NONE_MAY_TEXT, cardSendAt } from '@/lib/services/imports/cards';
import { getImportDto } from '@/lib/services/imports/dto';
import {
  IMPORT_RUNNING_ELSEWHERE_TEXT,
  processImport,
  runImportJob,
  startImport,
} from '@/lib/services/imports/run';
import { UNDO_TOO_LATE_TEXT } from '@/lib/services/imports/undo';
import { runRetention } from '@/lib/services/privacy';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import {
  add,
  duplicate,
  error,
  existing,
  fixtureDoneImport,
  fixtureImport,
  patient,
} from '../support/imports';
import { startMailServer, type TestMailServer } from '../support/mail-server';

setUpTestDatabase();
jest.setTimeout(120_000);

const APP = 'https://referrals.harbour-smile.test';
let manager: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  process.env.APP_URL = APP;
  manager = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});
afterAll(() => {
  delete process.env.APP_URL;
});
/** One import runs at a time: each test starts with none running. */
beforeEach(async () => {
  await db.clientImport.updateMany({ where: { status: 'running' }, data: { status: 'cancelled' } });
});

const start = (id: string, body: unknown = {}, who = manager) =>
  call(startRoute, { method: 'POST', params: { id }, body, cookie: who.cookie });
const cancel = (id: string, who = manager) =>
  call(cancelRoute, { method: 'POST', params: { id }, cookie: who.cookie });
const undo = (id: string, who = admin) =>
  call(undoRoute, { method: 'POST', params: { id }, cookie: who.cookie });
const sendCards = (id: string, who = admin) =>
  call(sendCardsRoute, { method: 'POST', params: { id }, cookie: who.cookie });
const rowsOf = (importId: string) =>
  db.clientImportRow.findMany({ where: { importId }, orderBy: { rowNumber: 'asc' } });

describe('running an import', () => {
  it('adds each new client as Add Client does (card number, card link, patient ID, consent from the import), skips existing clients and emails no one', async () => {
    const known = await fixtureClient({ firstName: 'Rory', lastName: 'Williams' });
    const first = patient({
      first: 'siân',
      last: "o'brien",
      mobile: '07700 900123',
      consent: 'Yes',
      id: 'EX-1',
    });
    const second = patient({ first: 'Zoë', last: 'Hart', company: 'Acme Ltd', consent: 'no' });
    const upper = patient({ first: 'Amy', last: 'Pond', email: 'AMY.POND@Practice.test' });
    const imp = await fixtureImport([
      add(first),
      add(second),
      add(upper),
      existing(patient({ first: 'Roderick', last: 'Williams', email: known.email!.toUpperCase() })),
      duplicate(patient({ email: first[3] }), 2),
      error(patient({ first: '', email: 'not-an-email' }), 'Email address', 'Enter a valid email address'),
    ]);

    const started = await start(imp.id);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: imp.id, status: 'running', updateExisting: false });
    expect(started.body.progress).toMatchObject({ done: 0, total: 3 });
    // The last mapping is remembered for the next file.
    expect((await db.settings.findUniqueOrThrow({ where: { id: 1 } })).importMapping).toMatchObject({
      firstName: 'Forename',
      email: 'Email address',
    });

    expect(await processImport(imp.id)).toBe('done');
    const dto = await getImportDto(imp.id);
    expect(dto).toMatchObject({
      status: 'done',
      counts: { toAdd: 3, existing: 1, duplicates: 1, errors: 1, added: 3, updated: 0 },
      progress: { done: 3, total: 3, secondsLeft: 0 },
      error: null,
    });
    expect(dto.finishedAt).not.toBeNull();
    expect(dto.undo.until).not.toBeNull();

    const added = await db.client.findMany({ where: { importId: imp.id }, orderBy: { createdAt: 'asc' } });
    expect(added).toHaveLength(3);
    const sian = added.find((c) => c.email === first[3]!.toLowerCase())!;
    expect(sian).toMatchObject({
      firstName: 'Siân',
      lastName: "O'Brien",
      phone: '+447700900123',
      externalId: 'EX-1',
      marketingConsent: true,
      marketingConsentSource: 'import',
    });
    expect(sian.marketingConsentAt).not.toBeNull();
    expect(sian.cardNumber).toMatch(CARD_NUMBER_PATTERN);
    expect(sian.cardKey).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/);
    const zoe = added.find((c) => c.firstName === 'Zoë')!;
    expect(zoe).toMatchObject({
      affiliateCompany: 'Acme Ltd',
      marketingConsent: false,
      marketingConsentAt: null,
      marketingConsentSource: null,
    });
    expect(added.find((c) => c.lastName === 'Pond')!.email).toBe('amy.pond@practice.test');
    // The card link, as the clients table gives it.
    const one = await call(clientRoute, { params: { id: sian.id }, cookie: manager.cookie });
    expect(one.body.brandedUrl).toBe(`${APP}/card/sian-obrien-${sian.cardKey}`);
    expect(one.body.cardNumber).toBe(sian.cardNumber);

    // The existing client is skipped, unchanged.
    expect(await db.client.findUniqueOrThrow({ where: { id: known.id } })).toMatchObject({
      firstName: 'Rory',
      importId: null,
    });
    // Nothing emailed by the run.
    expect(await db.message.count()).toBe(0);
    // The file's cells stay only for errors.csv's rows.
    const rows = await rowsOf(imp.id);
    expect(rows.map((r) => [r.outcome, r.cells.length > 0, r.doneAt !== null])).toEqual([
      ['add', false, true],
      ['add', false, true],
      ['add', false, true],
      ['existing', false, false],
      ['duplicate', true, false],
      ['error', true, false],
    ]);
    expect(rows.slice(0, 3).map((r) => r.clientId)).toEqual(expect.arrayContaining(added.map((c) => c.id)));
  });

  it("updates existing clients' names when asked, and counts an email that became a client meanwhile as existing", async () => {
    const known = await fixtureClient({ firstName: 'Rory', lastName: 'Williams' });
    const late = patient({ first: 'Clara', last: 'Oswald' });
    const imp = await fixtureImport([
      existing(patient({ first: 'Roderick', last: 'Williams', email: known.email! })),
      add(late),
      add(patient({ first: 'Donna', last: 'Noble' })),
    ]);
    // Added by hand between the preview and the run.
    const meanwhile = await fixtureClient({ firstName: 'Clara', lastName: 'Oswald', email: late[3] });

    expect((await start(imp.id, { updateExisting: true })).status).toBe(202);
    await processImport(imp.id);
    const dto = await getImportDto(imp.id);
    // Rory's names changed; Clara's, added by hand meanwhile, were already the file's: one update.
    expect(dto).toMatchObject({ status: 'done', counts: { added: 1, updated: 1 }, error: null });
    expect(await db.client.findUniqueOrThrow({ where: { id: known.id } })).toMatchObject({
      firstName: 'Roderick',
      lastName: 'Williams',
      importId: null,
    });
    const rows = await rowsOf(imp.id);
    expect(rows[1]).toMatchObject({ outcome: 'existing', clientId: meanwhile.id });
    expect(await db.client.count({ where: { email: late[3]!.toLowerCase() } })).toBe(1);
  });

  it('resumes after a crash mid-import from the first row not written, with no duplicate', async () => {
    const imp = await fixtureImport(Array.from({ length: 8 }, () => add(patient())));
    expect((await start(imp.id)).status).toBe(202);

    // The worker dies inside its second batch: that batch rolls back, the first stays.
    await expect(
      processImport(imp.id, {
        batchSize: 3,
        beforeCommit: (batch) => {
          if (batch === 2) throw new Error('worker stopped');
        },
      }),
    ).rejects.toThrow('worker stopped');
    expect(await db.client.count({ where: { importId: imp.id } })).toBe(3);
    expect(await getImportDto(imp.id)).toMatchObject({
      status: 'running',
      progress: { done: 3, total: 8 },
      counts: { added: 3 },
    });

    // The job runs again (pg-boss retries it, or another instance takes it).
    expect(await processImport(imp.id, { batchSize: 3 })).toBe('done');
    const clients = await db.client.findMany({ where: { importId: imp.id }, select: { id: true } });
    expect(clients).toHaveLength(8);
    const rows = await rowsOf(imp.id);
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(8);
    expect(await getImportDto(imp.id)).toMatchObject({
      status: 'done',
      progress: { done: 8, total: 8 },
      counts: { added: 8 },
    });
    // Another run of the same job afterwards changes nothing.
    expect(await processImport(imp.id)).toBe('stopped');
    expect(await db.client.count({ where: { importId: imp.id } })).toBe(8);
  });

  it('adds no one twice when two workers (two app instances) run the same import at once', async () => {
    const imp = await fixtureImport(Array.from({ length: 10 }, () => add(patient())));
    await start(imp.id);
    const states = await Promise.all([
      processImport(imp.id, { batchSize: 2 }),
      processImport(imp.id, { batchSize: 2 }),
    ]);
    expect(states).toContain('done');
    expect(await db.client.count({ where: { importId: imp.id } })).toBe(10);
    expect(await getImportDto(imp.id)).toMatchObject({
      status: 'done',
      progress: { done: 10, total: 10 },
      counts: { added: 10 },
    });
  });

  it('records a failed job in words without personal data; starting it again resumes', async () => {
    const rows = Array.from({ length: 5 }, () => add(patient()));
    const imp = await fixtureImport(rows);
    await start(imp.id);
    await runImportJob(imp.id, {
      batchSize: 2,
      beforeCommit: (batch) => {
        if (batch === 2) throw new Error(`duplicate key value ${rows[2]!.cells[3]}`);
      },
    });
    const failed = await getImportDto(imp.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      'The import stopped after 2 of 5 rows: a batch could not be written. Start it again: it carries on ' +
        'from the first row not written, and adds no one twice.',
    );
    expect(failed.error).not.toContain('@');

    const again = await start(imp.id);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: 'running', error: null });
    await runImportJob(imp.id, { batchSize: 2 });
    expect(await getImportDto(imp.id)).toMatchObject({ status: 'done', counts: { added: 5 } });
    expect(await db.client.count({ where: { importId: imp.id } })).toBe(5);
  });

  it('refuses to start an import that is not a preview, or while another one runs (409), writing nothing', async () => {
    const running = await fixtureImport([add(patient())]);
    const other = await fixtureImport([add(patient())]);
    expect((await start(running.id)).status).toBe(202);
    const refused = await start(other.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(IMPORT_RUNNING_ELSEWHERE_TEXT);
    expect((await db.clientImport.findUniqueOrThrow({ where: { id: other.id } })).status).toBe('preview');
    expect((await start(running.id)).body.message).toBe('This import is already running.');
    await processImport(running.id);
    const done = await start(running.id);
    expect(done).toMatchObject({ status: 409, body: { message: 'This import has finished already.' } });
    expect((await start(other.id, { updateExisting: 'yes' })).status).toBe(400);
    expect((await start(other.id, {}, { ...manager, cookie: '' })).status).toBe(401);
  });

  it('applies a mapping sent with the start first, and remembers it for the next file', async () => {
    const imp = await fixtureImport([add(patient({ mobile: '07700 900123', company: 'Acme Ltd' }))]);
    const res = await start(imp.id, { mapping: { phone: null, affiliateCompany: null } });
    expect(res.status).toBe(202);
    expect(res.body.mapping).toMatchObject({ phone: null, affiliateCompany: null, email: 'Email address' });
    const remembered = (await db.settings.findUniqueOrThrow({ where: { id: 1 } })).importMapping;
    expect(remembered).toMatchObject({ phone: null, affiliateCompany: null, email: 'Email address' });
    await processImport(imp.id);
    const [client] = await db.client.findMany({ where: { importId: imp.id } });
    expect(client).toMatchObject({ phone: null, affiliateCompany: null });
  });

  it('writes its job in the start’s own transaction: the job queue runs it to the end', async () => {
    const boss = await startJobs(process.env.DATABASE_URL!);
    try {
      const imp = await fixtureImport(Array.from({ length: 4 }, () => add(patient())));
      await startImport(imp.id, {}, manager);
      const [job] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (
          SELECT "data" FROM pgboss.job WHERE "name" = ${IMPORT_JOB}
          UNION ALL SELECT "data" FROM pgboss.archive WHERE "name" = ${IMPORT_JOB}) j
        WHERE j."data"->>'importId' = ${imp.id}`;
      expect(job!.n).toBe(1);
      for (let i = 0; i < 200; i++) {
        if ((await db.clientImport.findUniqueOrThrow({ where: { id: imp.id } })).status === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await getImportDto(imp.id)).toMatchObject({ status: 'done', counts: { added: 4 } });
    } finally {
      await boss.stop({ graceful: true, wait: true });
    }
  });
});

describe('a running import without a job', () => {
  it('is given its job by the queue when it starts (a start saved where the queue had never run)', async () => {
    const imp = await fixtureImport(
      Array.from({ length: 3 }, () => add(patient())),
      {
        status: 'running',
        startedAt: new Date(),
        startedBy: 'manager@clinic.test',
      },
    );
    const boss = await startJobs(process.env.DATABASE_URL!);
    try {
      for (let i = 0; i < 200; i++) {
        if ((await db.clientImport.findUniqueOrThrow({ where: { id: imp.id } })).status === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await getImportDto(imp.id)).toMatchObject({ status: 'done', counts: { added: 3 } });
    } finally {
      await boss.stop({ graceful: true, wait: true });
    }
  });
});

describe('cancelling', () => {
  it('drops a preview, emptying its cells', async () => {
    const imp = await fixtureImport([add(patient()), error(patient({ email: 'x' }), 'Email address', 'Bad')]);
    const res = await cancel(imp.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', finishedAt: null });
    expect((await rowsOf(imp.id)).every((r) => r.cells.length === 0)).toBe(true);
    expect((await start(imp.id)).status).toBe(409);
    expect((await cancel(imp.id)).body.message).toBe('This import was cancelled already.');
  });

  it('gives up a failed import, which then cannot be started again', async () => {
    const imp = await fixtureImport([add(patient())], { status: 'failed', error: 'Stopped.' });
    expect((await cancel(imp.id)).body).toMatchObject({ status: 'cancelled' });
    expect((await start(imp.id)).status).toBe(409);
  });

  it('stops a running import after the batch in hand', async () => {
    const imp = await fixtureImport([
      ...Array.from({ length: 6 }, () => add(patient())),
      error(patient({ email: 'x' }), 'Email address', 'Enter a valid email address'),
    ]);
    await start(imp.id);
    let cancelling: Promise<unknown> | undefined;
    const state = await processImport(imp.id, {
      batchSize: 2,
      beforeCommit: async (batch) => {
        if (batch !== 1) return;
        // Cancelled while the first batch is being written: the cancel waits for that batch's lock.
        cancelling = cancel(imp.id);
        // Until the cancel is seen waiting for the lock (however busy the machine): only then may the batch
        // commit, or the run could write its next batch before the cancel arrives.
        for (let waitingForLock = false; !waitingForLock;) {
          const [waiting] = await db.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`;
          waitingForLock = waiting!.n > 0;
          if (!waitingForLock) await new Promise((r) => setTimeout(r, 20));
        }
      },
    });
    const res = (await cancelling) as { status: number; body: { status: string } };
    expect(state).toBe('stopped');
    expect(res.status).toBe(200);
    const dto = await getImportDto(imp.id);
    expect(dto).toMatchObject({ status: 'cancelled', counts: { added: 2 }, progress: { done: 2, total: 6 } });
    expect(dto.finishedAt).not.toBeNull();
    expect(await db.client.count({ where: { importId: imp.id } })).toBe(2);
    const rows = await rowsOf(imp.id);
    expect(rows.filter((r) => r.cells.length > 0).map((r) => r.outcome)).toEqual(['error']);
    // A cancelled run that wrote clients can be undone.
    expect((await undo(imp.id)).body).toMatchObject({ status: 'undone', undo: { removed: 2, kept: 0 } });
  });
});

describe('undo', () => {
  it('removes the clients with nothing attached and keeps those with referrals, saying how many', async () => {
    const { import: imp, clients } = await fixtureDoneImport([{}, {}, {}, {}, {}]);
    const [plain, referrer, paid, referred, other] = clients;
    await fixtureReferral('pending', { client: referrer! });
    await fixtureReferral('paid', { client: paid! });
    // Referred by another client: a lead with their email that came through a card.
    const someone = await fixtureClient();
    await db.lead.create({
      data: { firstName: 'Imported', lastName: 'Friend', email: referred!.email, referrerId: someone.id },
    });
    const before = await db.paymentAuditEntry.count();

    expect((await undo(imp.id, manager)).status).toBe(403);
    const res = await undo(imp.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'undone', undo: { removed: 2, kept: 3 } });
    expect(res.body.undo.doneAt).not.toBeNull();
    const left = await db.client.findMany({ where: { id: { in: clients.map((c) => c.id) } } });
    expect(left.map((c) => c.id).sort()).toEqual([referrer!.id, paid!.id, referred!.id].sort());
    expect(left.every((c) => c.deletedAt === null)).toBe(true);
    expect(await db.client.findUnique({ where: { id: plain!.id } })).toBeNull();
    expect(await db.client.findUnique({ where: { id: other!.id } })).toBeNull();
    // Money records are never rewritten.
    expect(await db.paymentAuditEntry.count()).toBe(before);
    expect(await db.referral.count({ where: { referrerId: paid!.id } })).toBe(1);
    expect((await undo(imp.id)).body.message).toBe('This import was undone already.');
  });

  it('is refused after 7 days, and while the import has not run, removing nothing', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    const { import: old, clients } = await fixtureDoneImport([{}, {}], eightDaysAgo);
    const res = await undo(old.id);
    expect(res).toMatchObject({ status: 409, body: { message: UNDO_TOO_LATE_TEXT } });
    expect(await db.client.count({ where: { id: { in: clients.map((c) => c.id) } } })).toBe(2);
    const preview = await fixtureImport([add(patient())]);
    expect((await undo(preview.id)).status).toBe(409);
  });

  it('stops the card emails still waiting for the clients it removes', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      const { import: imp } = await fixtureDoneImport([{ consent: true }, { consent: true }]);
      expect((await sendCards(imp.id)).status).toBe(200);
      expect(await db.message.count({ where: { status: 'queued', kind: 'card_issued' } })).toBeGreaterThan(0);
      await undo(imp.id);
      const messages = await db.message.findMany({
        where: { kind: 'card_issued', lastError: { not: null } },
      });
      expect(messages.length).toBeGreaterThanOrEqual(2);
      expect(messages.every((m) => m.status !== 'queued' && m.toEmail === null)).toBe(true);
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});

describe('send cards', () => {
  let mail: TestMailServer;
  beforeAll(async () => {
    mail = await startMailServer();
  });
  beforeEach(async () => {
    process.env.SMTP_URL = mail.url;
    await db.message.deleteMany();
    await db.settings.upsert({
      where: { id: 1 },
      create: { id: 1, cardSendsPerHour: 2 },
      update: {
        cardSendsPerHour: 2,
        softOptInReliedOnAt: null,
        softOptInReliedOnBy: null,
        messageKindsOff: [],
      },
    });
  });
  afterAll(async () => {
    closeMailTransport();
    await mail.close();
    delete process.env.SMTP_URL;
  });
  const header = (m: ParsedMail, name: string) =>
    m.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');

  it('sends only to clients with consent, skips the unsubscribed and the deleted, once each, at the hourly rate', async () => {
    const { import: imp, clients } = await fixtureDoneImport([
      { consent: true },
      { consent: true },
      { consent: true },
      { consent: false },
      { consent: true },
      { consent: true, deleted: true },
    ]);
    const [a, b, c, noConsent, unsubscribed] = clients;
    await db.messageOptOut.create({ data: { email: unsubscribed!.email!, kind: 'card_issued' } });
    expect((await getImportDto(imp.id)).cards.eligible).toBe(3);

    expect((await sendCards(imp.id, manager)).status).toBe(403);
    const res = await sendCards(imp.id);
    expect(res.status).toBe(200);
    // Those sent theirs are no longer counted: "Send cards to N" offers only the rest.
    expect(res.body.cards).toMatchObject({ queued: 3, eligible: 0 });
    expect(res.body.cards.requestedAt).not.toBeNull();
    const messages = await db.message.findMany({
      where: { kind: 'card_issued' },
      orderBy: { nextAttemptAt: 'asc' },
    });
    expect(messages.map((m) => m.clientId).sort()).toEqual([a!.id, b!.id, c!.id].sort());
    // 2 an hour: the i-th leaves i × 30 minutes after the first.
    const first = messages[0]!.nextAttemptAt!;
    expect(messages.map((m) => m.nextAttemptAt!.getTime() - first.getTime())).toEqual([
      0,
      30 * 60_000,
      60 * 60_000,
    ]);
    expect(messages.every((m) => m.status === 'queued')).toBe(true);

    // Asked again: nobody new may be sent one.
    const again = await sendCards(imp.id);
    expect(again).toMatchObject({ status: 409, body: { message: CARDS_ALL_SENT_TEXT } });

    // The clinic records that it relies on the soft opt-in: the client without consent may now have theirs,
    // after those still waiting; the unsubscribed and the deleted still not.
    await db.settings.update({
      where: { id: 1 },
      data: { softOptInReliedOnAt: new Date(), softOptInReliedOnBy: admin.email },
    });
    expect((await getImportDto(imp.id)).cards.eligible).toBe(1);
    const soft = await sendCards(imp.id);
    expect(soft.status).toBe(200);
    expect(soft.body.cards.queued).toBe(4);
    const late = await db.message.findFirstOrThrow({ where: { clientId: noConsent!.id } });
    expect(late.nextAttemptAt!.getTime() - first.getTime()).toBe(90 * 60_000);
    expect(await db.message.count({ where: { clientId: unsubscribed!.id } })).toBe(0);

    // Only the first is due now: it leaves with the unsubscribe link and List-Unsubscribe.
    await dispatchDue();
    const [card] = await mail.waitFor((m) => m.text?.includes(clients[0]!.cardNumber) ?? false);
    expect(header(card!, 'list-unsubscribe')).toMatch(new RegExp(`^<${APP}/api/unsubscribe/[\\w.-]+>$`));
    expect(card!.text).toMatch(new RegExp(`${APP}/unsubscribe/`));
    expect(await db.message.count({ where: { status: 'queued' } })).toBe(3);
  });

  it('says when no imported client may be sent a card, and refuses an import that has not finished', async () => {
    const { import: imp } = await fixtureDoneImport([{ consent: false }]);
    expect(await sendCards(imp.id)).toMatchObject({ status: 409, body: { message: CARDS_NONE_MAY_TEXT } });
    const preview = await fixtureImport([add(patient())]);
    expect((await sendCards(preview.id)).status).toBe(409);
    expect(await db.message.count()).toBe(0);
  });

  it('refuses while card emails are turned off in Settings', async () => {
    const { import: imp } = await fixtureDoneImport([{ consent: true }]);
    await db.settings.update({ where: { id: 1 }, data: { messageKindsOff: ['card_issued'] } });
    const res = await sendCards(imp.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Card emails are turned off/);
    expect(await db.message.count()).toBe(0);
  });

  it('spreads the emails evenly through each hour', () => {
    const t = new Date('2026-11-27T10:00:00Z');
    expect(cardSendAt(t, 0, 500).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(cardSendAt(t, 499, 500).getTime()).toBeLessThan(Date.parse('2026-11-27T11:00:00Z'));
    expect(cardSendAt(t, 500, 500).toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(cardSendAt(t, 1250, 500).toISOString()).toBe('2026-11-27T12:30:00.000Z');
  });
});

describe('what is kept of the file', () => {
  it('empties the errors’ cells 7 days after the run, and gives up a preview left for 7 days', async () => {
    const done = await fixtureImport(
      [error(patient(), 'Email address', 'Enter a valid email address'), duplicate(patient(), 2)],
      { status: 'done', finishedAt: new Date() },
    );
    const preview = await fixtureImport([add(patient())]);
    await runRetention(new Date(Date.now() + 24 * 3_600_000));
    expect((await rowsOf(done.id)).every((r) => r.cells.length > 0)).toBe(true);
    const result = await runRetention(new Date(Date.now() + 8 * 24 * 3_600_000));
    expect(result.importRowsEmptied).toBeGreaterThanOrEqual(3);
    expect((await rowsOf(done.id)).every((r) => r.cells.length === 0)).toBe(true);
    expect((await rowsOf(preview.id)).every((r) => r.cells.length === 0)).toBe(true);
    expect((await db.clientImport.findUniqueOrThrow({ where: { id: preview.id } })).status).toBe('cancelled');
  });
});
