/**
 * Issue 34: practice records in, proposals out (lib/services/practice/ingest.ts), against a real PostgreSQL. Each
 * match rule through the database, the negative ones too; the same event taken once; a rejected pair never
 * proposed again; confirming (Story Started on the record's day, audited), rejecting, confirming every high one,
 * and the automatic setting; unmatched records deleted after 30 days. The routes that use it come next.
 */
import { db } from '@/lib/db';
import { COMMON_NAME_LIMIT } from '@/lib/practice/match';
import {
  confirmHighMatches,
  confirmMatch,
  MATCH_DECIDED_TEXT,
  MATCH_REFERRAL_CLOSED_TEXT,
  rejectMatch,
} from '@/lib/services/practice/decide';
import { ingestPracticeRecords, UNMATCHED_RECORD_DAYS } from '@/lib/services/practice/ingest';
import { monthlyReport } from '@/lib/services/payments';
import { runRetention } from '@/lib/services/privacy';
import type { PracticeRecord } from '@/lib/validation/practice-records';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient } from '../support/fixtures';

setUpTestDatabase();
jest.setTimeout(60_000);

let seq = 0;
const next = () => ++seq;

/** A friend referred by a new client: the lead and its referral, pending unless said. */
async function friend(
  lead: { firstName: string; lastName: string; email?: string | null; phone?: string | null },
  options: { status?: 'pending' | 'in_progress' | 'payment_due'; self?: boolean; erased?: boolean } = {},
) {
  const client = await fixtureClient();
  const made = await db.lead.create({
    data: {
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email ?? null,
      phone: lead.phone ?? null,
      referrerId: client.id,
      isSelfReferral: options.self ?? false,
      erasedAt: options.erased ? new Date() : null,
    },
  });
  const status = options.status ?? 'pending';
  return db.referral.create({
    data: {
      referrerId: client.id,
      leadId: made.id,
      status,
      ...(status === 'payment_due' && { rewardPence: 20_000, convertedAt: new Date() }),
    },
  });
}

function record(over: Partial<PracticeRecord> = {}): PracticeRecord {
  return {
    source: 'dentally',
    externalEventId: `appt-${next()}`,
    externalPatientId: null,
    firstName: 'Nobody',
    lastName: `Unmatched${next()}`,
    email: null,
    phone: null,
    eventDate: '2026-11-20',
    kind: 'treatment_started',
    ...over,
  };
}

const proposalsFor = (referralId: string) =>
  db.practiceMatch.findMany({ where: { referralId }, orderBy: { createdAt: 'asc' } });

describe('ingestPracticeRecords', () => {
  it('proposes the same email (any case) as high, and counts what it did', async () => {
    const referral = await friend({
      firstName: 'Siân',
      lastName: "O'Brien",
      email: 'sian.obrien@example.com',
    });
    const counts = await ingestPracticeRecords(
      [record({ firstName: 'S', lastName: 'Other', email: 'sian.obrien@example.com' }), record()],
      'api',
    );
    expect(counts).toEqual({ received: 2, new: 2, duplicates: 0, matched: 1, proposed: 1, confirmed: 0 });
    const [match] = await proposalsFor(referral.id);
    expect(match).toMatchObject({ confidence: 'high', reasons: ['same_email'], status: 'proposed' });
    const stored = await db.practiceRecord.findUniqueOrThrow({ where: { id: match!.recordId } });
    expect(stored).toMatchObject({ via: 'api', kind: 'treatment_started' });
    expect(stored.matchedAt).not.toBeNull();
    expect(stored.eventDate.toISOString().slice(0, 10)).toBe('2026-11-20');
  });

  it('proposes the same UK phone and surname as high; the phone with another surname as low, said so', async () => {
    const referral = await friend({ firstName: 'Mary', lastName: 'Evans', phone: '+447700900555' });
    await ingestPracticeRecords(
      [
        record({ firstName: 'Mair', lastName: 'EVANS', phone: '+447700900555' }),
        record({ firstName: 'Mary', lastName: 'Jones', phone: '+447700900555' }),
      ],
      'dentally',
    );
    const matches = await proposalsFor(referral.id);
    expect(matches.map((m) => [m.confidence, m.reasons])).toEqual([
      ['high', ['same_phone_and_surname']],
      ['low', ['same_phone_other_surname']],
    ]);
  });

  it('proposes the same full name alone as low, found whatever its case', async () => {
    const referral = await friend({ firstName: 'Oliver', lastName: 'Pemberton-Smythe' });
    await ingestPracticeRecords([record({ firstName: 'OLIVER', lastName: 'pemberton-smythe' })], 'upload');
    const matches = await proposalsFor(referral.id);
    expect(matches.map((m) => [m.confidence, m.reasons])).toEqual([['low', ['same_full_name']]]);
  });

  it('a full name a few friends share proposes each; one shared by more proposes none by the name alone', async () => {
    const few = await Promise.all(
      Array.from({ length: COMMON_NAME_LIMIT }, () => friend({ firstName: 'Isla', lastName: 'Fewshare' })),
    );
    // A self-referral namesake is not counted: it is never proposed.
    await friend({ firstName: 'Isla', lastName: 'Fewshare' }, { self: true });
    const many = await Promise.all(
      Array.from({ length: COMMON_NAME_LIMIT + 2 }, () =>
        friend({ firstName: 'Ava', lastName: 'Manyshare' }),
      ),
    );
    const byEmail = await friend({ firstName: 'Ava', lastName: 'Manyshare', email: 'ava.m@example.com' });
    const counts = await ingestPracticeRecords(
      [
        record({ firstName: 'Isla', lastName: 'Fewshare' }),
        record({ firstName: 'Ava', lastName: 'Manyshare' }),
        record({ firstName: 'Ava', lastName: 'Manyshare', email: 'ava.m@example.com' }),
      ],
      'api',
    );
    expect(counts).toMatchObject({ new: 3, matched: 2, proposed: COMMON_NAME_LIMIT + 1 });
    for (const r of few) expect((await proposalsFor(r.id)).map((m) => m.confidence)).toEqual(['low']);
    for (const r of many) expect(await proposalsFor(r.id)).toEqual([]);
    expect((await proposalsFor(byEmail.id)).map((m) => m.confidence)).toEqual(['high']);
  });

  it('never proposes a self-referral, a referral at Payment Due or an erased friend, nor a surname alone', async () => {
    const email = 'taken@example.com';
    const self = await friend(
      { firstName: 'Ann', lastName: 'Self', email: 'self@example.com' },
      { self: true },
    );
    const due = await friend({ firstName: 'Ann', lastName: 'Due', email }, { status: 'payment_due' });
    const erased = await friend(
      { firstName: 'Ann', lastName: 'Gone', email: 'gone@example.com' },
      { erased: true },
    );
    const surname = await friend({ firstName: 'Bea', lastName: 'Surname' });
    const counts = await ingestPracticeRecords(
      [
        record({ email: 'self@example.com' }),
        record({ email }),
        record({ email: 'gone@example.com' }),
        record({ firstName: 'Other', lastName: 'Surname' }),
      ],
      'api',
    );
    expect(counts).toMatchObject({ new: 4, matched: 0, proposed: 0 });
    for (const r of [self, due, erased, surname]) expect(await proposalsFor(r.id)).toEqual([]);
  });

  it('proposes In Progress referrals too', async () => {
    const referral = await friend(
      { firstName: 'Ivy', lastName: 'Progress', email: 'ivy@example.com' },
      { status: 'in_progress' },
    );
    await ingestPracticeRecords([record({ email: 'IVY@example.com'.toLowerCase() })], 'api');
    expect(await proposalsFor(referral.id)).toHaveLength(1);
  });

  it('takes the same event once, in one request or across requests', async () => {
    const referral = await friend({ firstName: 'Tom', lastName: 'Twice', email: 'twice@example.com' });
    const event = record({ source: 'exact-csv', externalEventId: 'E-1', email: 'twice@example.com' });
    expect(await ingestPracticeRecords([event, { ...event }], 'upload')).toEqual({
      received: 2,
      new: 1,
      duplicates: 1,
      matched: 1,
      proposed: 1,
      confirmed: 0,
    });
    expect(await ingestPracticeRecords([{ ...event, firstName: 'Changed' }], 'upload')).toEqual({
      received: 1,
      new: 0,
      duplicates: 1,
      matched: 0,
      proposed: 0,
      confirmed: 0,
    });
    // Another source may use the same event id.
    expect((await ingestPracticeRecords([{ ...event, source: 'dentally' }], 'dentally')).new).toBe(1);
    expect(await db.practiceRecord.count({ where: { externalEventId: 'E-1' } })).toBe(2);
    expect(await proposalsFor(referral.id)).toHaveLength(2);
  });

  it('never proposes a record again for a referral it was rejected for', async () => {
    const referral = await friend({ firstName: 'Rita', lastName: 'Rejected', email: 'rita@example.com' });
    await ingestPracticeRecords([record({ externalEventId: 'R-1', email: 'rita@example.com' })], 'api');
    const [match] = await proposalsFor(referral.id);
    await db.practiceMatch.update({
      where: { id: match!.id },
      data: { status: 'rejected', decidedBy: 'staff@clinic.test', decidedAt: new Date() },
    });
    // The same record once more (a resend of it): nothing new, and the rejection stands.
    await ingestPracticeRecords([record({ externalEventId: 'R-1', email: 'rita@example.com' })], 'api');
    expect((await proposalsFor(referral.id)).map((m) => m.status)).toEqual(['rejected']);
  });
});

describe('the daily privacy job', () => {
  it(`deletes the records that matched nothing after ${UNMATCHED_RECORD_DAYS} days, and keeps the matched`, async () => {
    await friend({ firstName: 'Kim', lastName: 'Kept', email: 'kept@example.com' });
    await ingestPracticeRecords(
      [
        record({ externalEventId: 'old-matched', email: 'kept@example.com' }),
        record({ externalEventId: 'old-lone' }),
      ],
      'api',
    );
    await ingestPracticeRecords([record({ externalEventId: 'new-lone' })], 'api');
    const old = new Date(Date.now() - (UNMATCHED_RECORD_DAYS + 1) * 24 * 60 * 60 * 1000);
    await db.practiceRecord.updateMany({
      where: { externalEventId: { in: ['old-matched', 'old-lone'] } },
      data: { createdAt: old },
    });
    const before = await db.practiceRecord.count();
    expect((await runRetention()).practiceRecordsDeleted).toBe(1);
    expect(await db.practiceRecord.count()).toBe(before - 1);
    const left = await db.practiceRecord.findMany({
      where: { externalEventId: { in: ['old-matched', 'old-lone', 'new-lone'] } },
      select: { externalEventId: true },
      orderBy: { externalEventId: 'asc' },
    });
    expect(left.map((r) => r.externalEventId)).toEqual(['new-lone', 'old-matched']);
  });
});

describe('deciding a proposal', () => {
  const staff = { id: null, email: 'manager@clinic.test' };

  async function proposed(email: string, over: Partial<PracticeRecord> = {}) {
    const referral = await friend({ firstName: 'Dee', lastName: `Decide${next()}`, email });
    await ingestPracticeRecords([record({ email, ...over })], 'upload');
    const [match] = await proposalsFor(referral.id);
    return { referral, match: match! };
  }

  it("confirm starts the story on the record's day with the promised reward, and audits who and from where", async () => {
    const { referral, match } = await proposed('confirm@example.com', {
      source: 'exact-csv',
      eventDate: '2026-10-03',
    });
    await confirmMatch(match.id, staff);
    const after = await db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(after).toMatchObject({ status: 'payment_due', rewardPence: 20_000, rewardPaid: false });
    expect(after.convertedAt?.toISOString()).toBe('2026-10-03T12:00:00.000Z');
    expect(await db.practiceMatch.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: 'confirmed',
      decidedBy: 'manager@clinic.test',
      automatic: false,
    });
    const audit = await db.paymentAuditEntry.findMany({ where: { referralId: referral.id } });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'story_started',
        amountPence: 20_000,
        performedBy: 'manager@clinic.test',
        details:
          'Story Started, confirmed from practice records (exact-csv) by manager@clinic.test: £200.00 owed',
      }),
    ]);
    // The month's payment report counts it, in the month of the practice's date.
    const report = await monthlyReport(2026, 10);
    expect(report.conversions).toBe(1);
    expect(report.totalOwed).toBe(200);
    // Decided once: a second confirm or a reject is refused.
    await expect(confirmMatch(match.id, staff)).rejects.toMatchObject({
      status: 409,
      message: MATCH_DECIDED_TEXT,
    });
    await expect(rejectMatch(match.id, staff)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses to confirm for a referral whose story has started meanwhile, writing nothing', async () => {
    const { referral, match } = await proposed('closed@example.com');
    await db.referral.update({
      where: { id: referral.id },
      data: { status: 'payment_due', rewardPence: 20_000, convertedAt: new Date() },
    });
    await expect(confirmMatch(match.id, staff)).rejects.toMatchObject({
      status: 409,
      message: MATCH_REFERRAL_CLOSED_TEXT,
    });
    expect((await db.practiceMatch.findUniqueOrThrow({ where: { id: match.id } })).status).toBe('proposed');
    expect(await db.paymentAuditEntry.count({ where: { referralId: referral.id } })).toBe(0);
  });

  it('"Not this person" keeps the rejection and changes nothing of the referral', async () => {
    const { referral, match } = await proposed('reject@example.com');
    await rejectMatch(match.id, staff);
    expect(await db.practiceMatch.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: 'rejected',
      decidedBy: 'manager@clinic.test',
    });
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe('pending');
  });

  it('confirm all high-confidence: only the high ones, a referral once, from its earliest day', async () => {
    const twice = await friend({ firstName: 'Hal', lastName: 'Twice', email: 'hal@example.com' });
    const low = await friend({ firstName: 'Lou', lastName: 'Lowly' });
    await ingestPracticeRecords(
      [
        record({ email: 'hal@example.com', eventDate: '2026-11-10' }),
        record({ email: 'hal@example.com', eventDate: '2026-11-02' }),
        record({ firstName: 'Lou', lastName: 'Lowly' }),
      ],
      'api',
    );
    const before = await db.practiceMatch.count({ where: { status: 'proposed', confidence: 'high' } });
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await confirmHighMatches(staff)).toBeGreaterThanOrEqual(1);
    const hal = await db.referral.findUniqueOrThrow({ where: { id: twice.id } });
    expect(hal.convertedAt?.toISOString()).toBe('2026-11-02T12:00:00.000Z');
    expect((await proposalsFor(twice.id)).map((m) => m.status).sort()).toEqual(['confirmed', 'proposed']);
    expect((await db.referral.findUniqueOrThrow({ where: { id: low.id } })).status).toBe('pending');
    expect((await proposalsFor(low.id)).map((m) => m.status)).toEqual(['proposed']);
  });

  it('confirms high matches automatically only when the clinic switched it on, audited as automatic', async () => {
    const off = await friend({ firstName: 'Otto', lastName: 'Off', email: 'otto@example.com' });
    expect((await ingestPracticeRecords([record({ email: 'otto@example.com' })], 'api')).confirmed).toBe(0);
    expect((await db.referral.findUniqueOrThrow({ where: { id: off.id } })).status).toBe('pending');

    await db.settings.upsert({
      where: { id: 1 },
      create: { id: 1, autoConfirmHighMatches: true },
      update: { autoConfirmHighMatches: true },
    });
    try {
      const on = await friend({
        firstName: 'Ona',
        lastName: 'Auto',
        email: 'ona@example.com',
        phone: '+447700900777',
      });
      const lowOnly = await friend({ firstName: 'Lena', lastName: 'Lowe', phone: '+447700900888' });
      const counts = await ingestPracticeRecords(
        [
          record({ email: 'ona@example.com', eventDate: '2026-11-05' }),
          record({ firstName: 'Lena', lastName: 'Other', phone: '+447700900888' }),
        ],
        'dentally',
      );
      expect(counts).toMatchObject({ proposed: 2, confirmed: 1 });
      expect((await db.referral.findUniqueOrThrow({ where: { id: on.id } })).status).toBe('payment_due');
      expect(await db.practiceMatch.findFirstOrThrow({ where: { referralId: on.id } })).toMatchObject({
        status: 'confirmed',
        decidedBy: 'automatic',
        automatic: true,
      });
      const audit = await db.paymentAuditEntry.findFirstOrThrow({ where: { referralId: on.id } });
      expect(audit).toMatchObject({ action: 'story_started', performedBy: 'automatic', performedById: null });
      expect(audit.details).toContain('automatically (high confidence)');
      // A low match waits for staff, whatever the setting.
      expect((await db.referral.findUniqueOrThrow({ where: { id: lowOnly.id } })).status).toBe('pending');
    } finally {
      await db.settings.update({ where: { id: 1 }, data: { autoConfirmHighMatches: false } });
    }
  });
});
