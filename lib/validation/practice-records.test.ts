import {
  checkPracticeRecords,
  eventDay,
  RECORD_BIRTH_DATE_TEXT,
  RECORD_DATE_TEXT,
  RECORD_EVENT_ID_TEXT,
  RECORD_FUTURE_TEXT,
  RECORD_KIND_TEXT,
  RECORD_NAME_TEXT,
  RECORD_SOURCE_TEXT,
} from './practice-records';

/** Midday on 27 November 2026, UK time (GMT). */
const NOW = new Date('2026-11-27T12:00:00Z');

const event = (over: Record<string, unknown> = {}) => ({
  source: 'dentally',
  externalEventId: 'appt-1001',
  externalPatientId: 'P-77',
  firstName: ' Siân ',
  lastName: "O'Brien",
  email: ' Sian.OBrien@Example.com ',
  phone: '07700 900123',
  dateOfBirth: '1990-04-02',
  eventDate: '2026-11-20',
  kind: 'treatment_started',
  ...over,
});

describe('eventDay', () => {
  it('takes a date as it is, and a date and time as the UK day it fell on', () => {
    expect(eventDay('2026-11-20')).toBe('2026-11-20');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(eventDay('2026-06-30T23:30:00Z')).toBe('2026-07-01');
    expect(eventDay('2026-01-15T09:00:00+00:00')).toBe('2026-01-15');
  });

  it('refuses what is not a date', () => {
    for (const bad of ['2026-02-30', '20/11/2026', 'yesterday', '2026-13-01', '2026-11-20T25:00:00Z', ''])
      expect(eventDay(bad)).toBeNull();
  });
});

describe('checkPracticeRecords', () => {
  it('keeps only what matching needs, normalised: no date of birth, the email lower-cased, the phone in E.164', () => {
    const { records, problems } = checkPracticeRecords([event()], NOW);
    expect(problems).toEqual([]);
    expect(records).toEqual([
      {
        index: 0,
        record: {
          source: 'dentally',
          externalEventId: 'appt-1001',
          externalPatientId: 'P-77',
          firstName: 'Siân',
          lastName: "O'Brien",
          email: 'sian.obrien@example.com',
          phone: '+447700900123',
          eventDate: '2026-11-20',
          kind: 'treatment_started',
        },
      },
    ]);
    expect(records[0]!.record).not.toHaveProperty('dateOfBirth');
  });

  it('drops an email or phone that is not one, and keeps the record', () => {
    const { records } = checkPracticeRecords([event({ email: 'not an email', phone: 'ask at desk' })], NOW);
    expect(records[0]!.record).toMatchObject({ email: null, phone: null });
  });

  it('lists each bad record with every reason, and still takes the rest', () => {
    const { records, problems } = checkPracticeRecords(
      [
        event({ externalEventId: 'ok-1' }),
        event({ externalEventId: 'bad-kind', kind: 'checkup' }),
        event({ externalEventId: 'bad-date', eventDate: '31/11/2026' }),
        event({ externalEventId: 'future', eventDate: '2026-11-28' }),
        event({ externalEventId: 'no-name', firstName: '  ', lastName: undefined }),
        event({ externalEventId: 'many', kind: 'x', eventDate: 'soon', lastName: '' }),
        event({ externalEventId: 'born-later', dateOfBirth: '2030-01-01' }),
        event({ externalEventId: '', source: 'Bad Source!' }),
        'not an object',
        event({ externalEventId: 'ok-2', eventDate: '2026-11-27T23:30:00Z' }),
      ],
      NOW,
    );
    expect(records.map((r) => r.record.externalEventId)).toEqual(['ok-1', 'ok-2']);
    expect(problems).toEqual([
      { index: 1, externalEventId: 'bad-kind', reasons: [RECORD_KIND_TEXT] },
      { index: 2, externalEventId: 'bad-date', reasons: [RECORD_DATE_TEXT] },
      { index: 3, externalEventId: 'future', reasons: [RECORD_FUTURE_TEXT] },
      { index: 4, externalEventId: 'no-name', reasons: [RECORD_NAME_TEXT] },
      {
        index: 5,
        externalEventId: 'many',
        reasons: [RECORD_DATE_TEXT, RECORD_KIND_TEXT, RECORD_NAME_TEXT],
      },
      { index: 6, externalEventId: 'born-later', reasons: [RECORD_BIRTH_DATE_TEXT] },
      { index: 7, externalEventId: null, reasons: [RECORD_SOURCE_TEXT, RECORD_EVENT_ID_TEXT] },
      { index: 8, externalEventId: null, reasons: ['A record must be an object'] },
    ]);
  });

  it('takes today (the UK’s) as not in the future, whatever the time of day', () => {
    const lateEvening = new Date('2026-11-27T23:59:00Z');
    expect(checkPracticeRecords([event({ eventDate: '2026-11-27' })], lateEvening).problems).toEqual([]);
  });
});
