/**
 * Issue 34: a practice record as the three ways in give it (an upload's row, Dentally's appointment, the
 * integration API's event), checked one by one: a record with a problem is listed with its reasons and the rest
 * are still taken. What is kept is only what matching needs (point 4): a date of birth is checked if given, but
 * not kept (a friend's lead has none to compare with); an email or phone that is not one is dropped, not refused,
 * since a practice's system holds many such and the other fields may still match.
 */
import { ukDateString } from '@/lib/uk-time';
import { normaliseEmail, normalisePhoneForMatch } from '@/lib/practice/match';
import { pageLimit, pageQuerySchema } from './paging';
import { z } from './zod';

export const PRACTICE_RECORD_KINDS = ['first_visit', 'treatment_started', 'payment'] as const;
export type PracticeRecordKind = (typeof PRACTICE_RECORD_KINDS)[number];

/** Records one request or upload batch may carry (the integration API's limit; more is a 413). */
export const MAX_PRACTICE_EVENTS = 500;

export const RECORD_KIND_TEXT = 'kind must be first_visit, treatment_started or payment';
export const RECORD_NAME_TEXT = 'A record needs a first name and a last name';
export const RECORD_EVENT_ID_TEXT = 'externalEventId is required (the practice system’s id of the event)';
export const RECORD_SOURCE_TEXT =
  'source is required: 1 to 40 lower-case letters, digits, hyphens or underscores (e.g. dentally, exact-csv)';
export const RECORD_DATE_TEXT = 'eventDate must be a date: YYYY-MM-DD, or a date and time in ISO 8601';
export const RECORD_FUTURE_TEXT = 'eventDate lies in the future';
export const RECORD_BIRTH_DATE_TEXT = 'dateOfBirth must be a date (YYYY-MM-DD) in the past';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A calendar date that exists (no 31 February). */
function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The day an event happened, as the UK date the referral's conversion takes: a date as it is, a date and time
 * by the UK's clock. Null when it is not a date.
 */
export function eventDay(value: string): string | null {
  if (isCalendarDate(value)) return value;
  if (!DATE_TIME.test(value)) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || !isCalendarDate(value.slice(0, 10))) return null;
  return ukDateString(instant);
}

const NAME_MAX = 100;
const name = z
  .string({ error: RECORD_NAME_TEXT })
  .trim()
  .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
  .optional();
const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v?.trim().slice(0, max) || null);

/** One record as it arrives; `now` fixes "today" (the UK's) for the future test. */
export function practiceRecordSchema(now: Date = new Date()) {
  const today = ukDateString(now);
  return z.object({
    source: z
      .string({ error: RECORD_SOURCE_TEXT })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{1,40}$/, RECORD_SOURCE_TEXT),
    externalEventId: z.string({ error: RECORD_EVENT_ID_TEXT }).trim().min(1, RECORD_EVENT_ID_TEXT).max(200),
    externalPatientId: optionalText(200),
    firstName: name,
    lastName: name,
    email: optionalText(254).transform((v) => {
      const email = normaliseEmail(v);
      return email && z.email().safeParse(email).success ? email : null;
    }),
    phone: optionalText(40).transform((v) => normalisePhoneForMatch(v)),
    dateOfBirth: z
      .union([z.string(), z.null()])
      .optional()
      .refine((v) => !v || (isCalendarDate(v) && v < today), RECORD_BIRTH_DATE_TEXT),
    eventDate: z
      .string({ error: RECORD_DATE_TEXT })
      .trim()
      .refine((v) => eventDay(v) !== null, RECORD_DATE_TEXT)
      .refine((v) => (eventDay(v) ?? '') <= today, RECORD_FUTURE_TEXT),
    kind: z.enum(PRACTICE_RECORD_KINDS, { error: RECORD_KIND_TEXT }),
  });
}

/** What is kept of a record: what matching needs, and the day of the event. */
export interface PracticeRecord {
  source: string;
  externalEventId: string;
  externalPatientId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** The UK date of the event (YYYY-MM-DD): a confirmed referral's conversion date. */
  eventDate: string;
  kind: PracticeRecordKind;
}

export interface RecordProblem {
  /** The record's place in what was sent, from 0. */
  index: number;
  externalEventId: string | null;
  reasons: string[];
}

/** Each record checked on its own: those that pass, and each that does not with every reason. */
export function checkPracticeRecords(
  events: readonly unknown[],
  now: Date = new Date(),
): { records: { index: number; record: PracticeRecord }[]; problems: RecordProblem[] } {
  const schema = practiceRecordSchema(now);
  const records: { index: number; record: PracticeRecord }[] = [];
  const problems: RecordProblem[] = [];
  events.forEach((event, index) => {
    if (!event || typeof event !== 'object' || Array.isArray(event)) {
      problems.push({ index, externalEventId: null, reasons: ['A record must be an object'] });
      return;
    }
    const given = event as Record<string, unknown>;
    const id = typeof given.externalEventId === 'string' ? given.externalEventId.trim() || null : null;
    const parsed = schema.safeParse(event);
    const reasons = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
    // Every reason in one answer: the name's too, whatever else is wrong.
    const named = [given.firstName, given.lastName].every((v) => typeof v === 'string' && v.trim() !== '');
    if (!named && !reasons.includes(RECORD_NAME_TEXT)) reasons.push(RECORD_NAME_TEXT);
    const data = parsed.success ? parsed.data : null;
    if (!data || reasons.length) {
      problems.push({ index, externalEventId: id, reasons });
      return;
    }
    records.push({
      index,
      record: {
        source: data.source,
        externalEventId: data.externalEventId,
        externalPatientId: data.externalPatientId,
        firstName: data.firstName!,
        lastName: data.lastName!,
        email: data.email,
        phone: data.phone,
        eventDate: eventDay(data.eventDate)!,
        kind: data.kind,
      },
    });
  });
  return { records, problems };
}

export const PRACTICE_MATCH_STATUSES = ['proposed', 'confirmed', 'rejected'] as const;
export const MATCH_STATUS_TEXT = 'status must be proposed, confirmed or rejected';

/** GET /api/practice-matches: a page (limit 1 to 100, default 50; cursor) of one status, newest first. */
export const practiceMatchListQuerySchema = z.object({
  limit: pageLimit(100, 50),
  cursor: pageQuerySchema.shape.cursor,
  status: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(PRACTICE_MATCH_STATUSES, { error: MATCH_STATUS_TEXT }).default('proposed'),
  ),
});
export type PracticeMatchListQuery = z.output<typeof practiceMatchListQuerySchema>;
