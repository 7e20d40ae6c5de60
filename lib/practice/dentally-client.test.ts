import {
  appointmentWindow,
  isCompleted,
  isLastPage,
  isRateLimitBody,
  parseRateLimitReset,
  parseRetryAfter,
  retryAtOf,
  toPracticeRecordInput,
} from './dentally-client';
import { checkPracticeRecords } from '@/lib/validation/practice-records';

const now = new Date('2026-11-27T14:05:00Z');

describe('toPracticeRecordInput', () => {
  const appointment = {
    id: 123,
    patient_id: 456,
    start_time: '2026-07-31T23:30:00.000Z',
    finish_time: '2026-08-01T00:00:00.000Z',
    state: 'Completed',
    updated_at: '2026-08-01T00:10:00.000Z',
  };
  const patient = {
    id: 456,
    title: 'Ms',
    first_name: ' Ana ',
    last_name: 'Lopez',
    email_address: 'Ana@Example.com',
    mobile_phone: '07700 900123',
    home_phone: '0117 496 0000',
    date_of_birth: '1990-02-03',
    address_line_1: '1 High Street',
  };

  it('keeps only what matching needs, the UK day of the appointment and the mobile first', () => {
    expect(toPracticeRecordInput(appointment, patient)).toEqual({
      source: 'dentally',
      externalEventId: 'appointment:123',
      externalPatientId: '456',
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'Ana@Example.com',
      phone: '07700 900123',
      dateOfBirth: '1990-02-03',
      eventDate: '2026-08-01',
      kind: 'first_visit',
    });
  });

  it('takes the home phone without a mobile, and ids given as strings', () => {
    const record = toPracticeRecordInput(
      { ...appointment, id: 'a-9', patient_id: 'p-1' },
      { ...patient, mobile_phone: '', home_phone: '01174960000', email_address: null },
    );
    expect(record).toMatchObject({ externalEventId: 'appointment:a-9', externalPatientId: 'p-1' });
    expect(record.phone).toBe('01174960000');
    expect(record.email).toBeNull();
  });

  it('passes the practice records’ checks, and one without a name does not', () => {
    const good = toPracticeRecordInput(appointment, patient);
    const unnamed = toPracticeRecordInput({ ...appointment, id: 124 }, { ...patient, first_name: null });
    const { records, problems } = checkPracticeRecords([good, unnamed], now);
    expect(records).toHaveLength(1);
    expect(records[0]!.record).toMatchObject({ email: 'ana@example.com', phone: '+447700900123' });
    expect(problems[0]!.externalEventId).toBe('appointment:124');
  });
});

describe('isCompleted', () => {
  it('reads the state as live spells it, any case and outer spaces', () => {
    expect(isCompleted({ id: 1, state: 'Completed' })).toBe(true);
    expect(isCompleted({ id: 1, state: ' completed ' })).toBe(true);
    for (const state of [
      'Pending',
      'Arrived',
      'In surgery',
      'Cancelled',
      'Did not attend',
      null,
      undefined,
    ]) {
      expect(isCompleted({ id: 1, state })).toBe(false);
    }
  });
});

describe('waits', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('30', now)).toEqual(new Date('2026-11-27T14:05:30Z'));
    expect(parseRetryAfter('Fri, 27 Nov 2026 14:20:00 GMT', now)).toEqual(new Date('2026-11-27T14:20:00Z'));
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('reads X-RateLimit-Reset as epoch seconds when large, else seconds to wait', () => {
    expect(parseRateLimitReset('1795788000', now)).toEqual(new Date(1795788000 * 1000));
    expect(parseRateLimitReset('120', now)).toEqual(new Date('2026-11-27T14:07:00Z'));
    expect(parseRateLimitReset('', now)).toBeNull();
  });

  it('a 429: Retry-After, else the reset, else 60 seconds', () => {
    const h = (init: Record<string, string>) => new Headers(init);
    expect(retryAtOf(h({ 'retry-after': '5', 'x-ratelimit-reset': '120' }), '429', now)).toEqual(
      new Date('2026-11-27T14:05:05Z'),
    );
    expect(retryAtOf(h({ 'x-ratelimit-reset': '120' }), '429', now)).toEqual(
      new Date('2026-11-27T14:07:00Z'),
    );
    expect(retryAtOf(h({}), '429', now)).toEqual(new Date('2026-11-27T14:06:00Z'));
  });

  it("Dentally's 403 rate limit: the reset, else the next full hour", () => {
    expect(retryAtOf(new Headers({ 'x-ratelimit-reset': '60' }), 'budget', now)).toEqual(
      new Date('2026-11-27T14:06:00Z'),
    );
    expect(retryAtOf(new Headers(), 'budget', now)).toEqual(new Date('2026-11-27T15:00:00Z'));
  });

  it('tells a rate limit 403 from any other', () => {
    expect(isRateLimitBody({ error: { type: 'invalid_access_error', message: 'Rate limit exceeded' } })).toBe(
      true,
    );
    expect(
      isRateLimitBody({ error: { message: 'Please make sure your request has an acceptable User-Agent' } }),
    ).toBe(false);
    expect(isRateLimitBody(null)).toBe(false);
  });
});

describe('paging and the window', () => {
  it('stops on a short page, at total_pages or at total', () => {
    expect(isLastPage(undefined, 99, 1, 99)).toBe(true);
    expect(isLastPage(undefined, 100, 1, 100)).toBe(false);
    expect(isLastPage({ current_page: 3, total_pages: 3 }, 100, 3, 300)).toBe(true);
    expect(isLastPage({ total: 200 }, 100, 2, 200)).toBe(true);
    expect(isLastPage({ total: 300, current_page: 2, total_pages: 3 }, 100, 2, 200)).toBe(false);
  });

  it('reads 90 days back first, then from 30 days before the cursor (late completions), to tomorrow', () => {
    expect(appointmentWindow(null, now)).toEqual({
      updatedAfter: null,
      after: '2026-08-29',
      before: '2026-11-28',
    });
    const cursor = new Date('2026-11-20T10:00:00Z');
    expect(appointmentWindow(cursor, now)).toEqual({
      updatedAfter: '2026-11-20T10:00:00.000Z',
      after: '2026-10-21',
      before: '2026-11-28',
    });
    expect(appointmentWindow(new Date('2025-01-01T00:00:00Z'), now).after).toBe('2026-08-29');
  });
});
