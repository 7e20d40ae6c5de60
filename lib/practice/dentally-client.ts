/**
 * Issue 34: the Dentally connector's client. It reads completed appointments and their patients from
 * Dentally's v1 API with plain `fetch`, and turns each into a practice record that the match engine takes.
 * Every detail of the API comes from docs/integrations/dentally-api.md (what is confirmed, seen in code or
 * assumed); what that note assumes is kept in DENTALLY_ASSUMED below, in one place.
 *
 * The pure parts (mapping, the wait a refusal asks for, the last page) are exported for their unit tests.
 */
import 'server-only';
import { ukDateString } from '@/lib/uk-time';
import type { PracticeRecordKind } from '@/lib/validation/practice-records';

/**
 * What the connector assumes where Dentally's readable documentation says nothing (the note's section "What
 * the connector will assume", numbered as there). Change them here, and the note with them.
 */
export const DENTALLY_ASSUMED = {
  /** (8) Confirmed: up to 100 a page; more than 100 silently gives 25 (seen on live), so never more. */
  perPage: 100,
  /** (5) No state filter is sent; rows whose state is this (ignoring case and outer spaces) are kept. */
  completedState: 'completed',
  /**
   * Not documented how an appointment says treatment from a check-up (`reason` is free text): a completed
   * appointment proves only that the patient came, so each record is a first visit.
   */
  kind: 'first_visit' as PracticeRecordKind,
  /**
   * (4) The read's date window: from the cursor's day less 30 days; 90 days back at most (and on the first).
   * Practices often mark appointments Completed days after them (at the end of the week or the month): a
   * narrower window would never read those if Dentally ignores `updated_after`. 30 days of appointments is a
   * few dozen pages a sync at most, well within the 3,600 requests an hour.
   */
  windowDaysBeforeCursor: 30,
  firstSyncDays: 90,
  /** (9) A 429 without Retry-After or X-RateLimit-Reset: retried after 60 seconds. */
  defaultRateLimitWaitMs: 60_000,
  /** (9) X-RateLimit-Reset: epoch seconds when larger than this, otherwise seconds to wait. */
  resetEpochThreshold: 1e9,
  /** (2, 9) A 403 is a rate limit when its `error.message` says so (seen on live); any other 403 is a refusal. */
  rateLimitMessage: /rate limit/i,
  /** A page loop that never ends (a server that ignores `page`) stops here. */
  maxPages: 1_000,
} as const;

/** (1) Sent with every request: Dentally refuses a request without an acceptable User-Agent (seen in code). */
export const DENTALLY_USER_AGENT = 'SmileReferrals/1.0 (practice records connector)';

/** Dentally refused the token (401, or a 403 that is not a rate limit): stop until a new token is saved. */
export class DentallyTokenRejected extends Error {
  constructor(readonly status: number) {
    super(`Dentally refused the token (HTTP ${status}).`);
    this.name = 'DentallyTokenRejected';
  }
}

/** Dentally asked to wait (429, or its 403 "Rate limit exceeded"), longer than a sync waits in-process. */
export class DentallyRateLimited extends Error {
  constructor(readonly retryAt: Date) {
    super(`Dentally asked us to wait until ${retryAt.toISOString()}.`);
    this.name = 'DentallyRateLimited';
  }
}

/** Dentally could not be reached or failed (5xx, a network error, an answer that cannot be read). */
export class DentallyFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DentallyFailed';
  }
}

type Id = string | number;

/** (6) The appointment fields the connector reads. */
export interface DentallyAppointment {
  id: Id;
  patient_id?: Id | null;
  start_time?: string | null;
  finish_time?: string | null;
  state?: string | null;
  updated_at?: string | null;
  site_id?: Id | null;
}

/** (7) The patient fields the connector reads: only what matching needs. */
export interface DentallyPatient {
  id: Id;
  first_name?: string | null;
  last_name?: string | null;
  email_address?: string | null;
  mobile_phone?: string | null;
  home_phone?: string | null;
  date_of_birth?: string | null;
}

export interface DentallyPageMeta {
  total?: number;
  current_page?: number;
  total_pages?: number;
}

/** A practice record as checkPracticeRecords takes it (lib/validation/practice-records.ts). */
export interface DentallyRecordInput {
  source: 'dentally';
  externalEventId: string;
  externalPatientId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  eventDate: string;
  kind: PracticeRecordKind;
}

export const externalEventIdOf = (appointment: Pick<DentallyAppointment, 'id'>) =>
  `appointment:${String(appointment.id)}`;

/** (5) Whether an appointment is completed: "Completed" as live spells it, any case and outer spaces. */
export function isCompleted(appointment: DentallyAppointment): boolean {
  return (appointment.state ?? '').trim().toLowerCase() === DENTALLY_ASSUMED.completedState;
}

/** (6) When the appointment was last changed; without `updated_at`, its finish time. Null when neither. */
export function updatedAtOf(appointment: DentallyAppointment): Date | null {
  const value = appointment.updated_at || appointment.finish_time;
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * An appointment and its patient as a practice record: the appointment's day in the UK is the event's date;
 * the phone is the mobile, else the home phone. Nothing else of either is kept.
 */
export function toPracticeRecordInput(
  appointment: DentallyAppointment,
  patient: DentallyPatient,
): DentallyRecordInput {
  const start = appointment.start_time ? new Date(appointment.start_time) : null;
  const eventDate =
    start && !Number.isNaN(start.getTime()) ? ukDateString(start) : String(appointment.start_time ?? '');
  const patientId = appointment.patient_id ?? patient.id;
  return {
    source: 'dentally',
    externalEventId: externalEventIdOf(appointment),
    externalPatientId: patientId === null || patientId === undefined ? null : String(patientId),
    firstName: text(patient.first_name),
    lastName: text(patient.last_name),
    email: text(patient.email_address),
    phone: text(patient.mobile_phone) ?? text(patient.home_phone),
    dateOfBirth: text(patient.date_of_birth),
    eventDate,
    kind: DENTALLY_ASSUMED.kind,
  };
}

/** Retry-After: seconds, or an HTTP date. Null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return new Date(now.getTime() + Number(trimmed) * 1000);
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** (9) X-RateLimit-Reset: epoch seconds when large, otherwise seconds to wait. Null when absent. */
export function parseRateLimitReset(value: string | null, now: Date): Date | null {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > DENTALLY_ASSUMED.resetEpochThreshold ? new Date(n * 1000) : new Date(now.getTime() + n * 1000);
}

const nextFullHour = (now: Date) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);

/**
 * (9) When a refused request may be tried again. A 429: Retry-After, else X-RateLimit-Reset, else 60 s. A 403
 * "Rate limit exceeded" (Dentally's hourly budget, recovering on the hour as seen on live), or a budget run
 * down to X-RateLimit-Remaining 0: X-RateLimit-Reset, else the next full hour.
 */
export function retryAtOf(headers: Headers, kind: '429' | 'budget', now: Date): Date {
  const reset = parseRateLimitReset(headers.get('x-ratelimit-reset'), now);
  if (kind === '429') {
    return (
      parseRetryAfter(headers.get('retry-after'), now) ??
      reset ??
      new Date(now.getTime() + DENTALLY_ASSUMED.defaultRateLimitWaitMs)
    );
  }
  return reset ?? nextFullHour(now);
}

/** (2, 7) Whether a 403's body is Dentally's rate limit: `{"error":{"message":"Rate limit exceeded"}}`. */
export function isRateLimitBody(body: unknown): boolean {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  const message = typeof error?.message === 'string' ? error.message : typeof body === 'string' ? body : '';
  return DENTALLY_ASSUMED.rateLimitMessage.test(message);
}

/**
 * (8) Whether a page was the last: fewer rows than asked for, or `meta.current_page` at `meta.total_pages`,
 * or the rows read so far reaching `meta.total`.
 */
export function isLastPage(
  meta: DentallyPageMeta | undefined,
  rows: number,
  page: number,
  readSoFar: number,
) {
  if (rows < DENTALLY_ASSUMED.perPage) return true;
  if (meta?.total_pages !== undefined && (meta.current_page ?? page) >= meta.total_pages) return true;
  if (meta?.total !== undefined && readSoFar >= meta.total) return true;
  return false;
}

const DAY_MS = 86_400_000;

/**
 * (4) The appointments query: updated after the cursor (sent when there is one; also applied to the rows
 * themselves, in case Dentally ignores it), and a window of appointment dates: from the cursor's UK day less
 * 30 days (90 days back on the first sync, never further) to tomorrow.
 */
export function appointmentWindow(cursor: Date | null, now: Date) {
  const earliest = now.getTime() - DENTALLY_ASSUMED.firstSyncDays * DAY_MS;
  const from = cursor
    ? Math.max(earliest, cursor.getTime() - DENTALLY_ASSUMED.windowDaysBeforeCursor * DAY_MS)
    : earliest;
  return {
    updatedAfter: cursor ? cursor.toISOString() : null,
    after: ukDateString(new Date(from)),
    before: ukDateString(new Date(now.getTime() + DAY_MS)),
  };
}

export interface DentallyClientOptions {
  token: string;
  baseUrl: string;
  /** The longest wait for a rate limit done in-process; longer ones throw DentallyRateLimited. */
  maxInProcessWaitMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface AppointmentsPageQuery {
  page: number;
  siteId: string | null;
  updatedAfter: string | null;
  after: string;
  before: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The few calls the sync makes, with Dentally's refusals turned into the three errors above. */
export function dentallyClient(options: DentallyClientOptions) {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? defaultSleep;
  const maxWait = options.maxInProcessWaitMs ?? 60_000;
  /** (9) Set when X-RateLimit-Remaining reached 0: the next request waits until then. */
  let pausedUntil: Date | null = null;

  async function waitOrStop(until: Date): Promise<void> {
    const ms = until.getTime() - now().getTime();
    if (ms > maxWait) throw new DentallyRateLimited(until);
    if (ms > 0) await sleep(ms);
  }

  async function get(path: string, query: Record<string, string | number | null> = {}): Promise<Response> {
    const url = new URL(`${options.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    // A refusal waited for in-process is tried again; a few in a row mean the wait was not enough.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      if (pausedUntil) {
        const until = pausedUntil;
        pausedUntil = null;
        await waitOrStop(until);
      }
      let response: Response;
      try {
        response = await fetch(url, {
          headers: {
            Authorization: `Bearer ${options.token}`,
            Accept: 'application/json',
            'User-Agent': DENTALLY_USER_AGENT,
          },
          signal: AbortSignal.timeout(30_000),
        });
      } catch {
        throw new DentallyFailed('Dentally could not be reached.');
      }
      if (response.headers.get('x-ratelimit-remaining')?.trim() === '0') {
        pausedUntil = retryAtOf(response.headers, 'budget', now());
      }
      if (response.ok || response.status === 404) return response;
      if (response.status === 401) throw new DentallyTokenRejected(401);
      if (response.status === 403) {
        const body = await response.json().catch(() => null);
        if (!isRateLimitBody(body)) throw new DentallyTokenRejected(403);
        await waitOrStop(retryAtOf(response.headers, 'budget', now()));
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel().catch(() => undefined);
        await waitOrStop(retryAtOf(response.headers, '429', now()));
        continue;
      }
      await response.body?.cancel().catch(() => undefined);
      throw new DentallyFailed(
        response.status >= 500
          ? `Dentally failed to answer (HTTP ${response.status}).`
          : `Dentally refused the request (HTTP ${response.status}).`,
      );
    }
    throw new DentallyRateLimited(new Date(now().getTime() + DENTALLY_ASSUMED.defaultRateLimitWaitMs));
  }

  async function readJson<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch {
      throw new DentallyFailed('Dentally sent an answer that could not be read.');
    }
  }

  return {
    /** (4) One page of appointments: GET /v1/appointments. */
    async appointmentsPage(query: AppointmentsPageQuery) {
      const response = await get('/v1/appointments', {
        site_id: query.siteId,
        updated_after: query.updatedAfter,
        after: query.after,
        before: query.before,
        page: query.page,
        per_page: DENTALLY_ASSUMED.perPage,
      });
      if (response.status === 404)
        throw new DentallyFailed('Dentally has no appointments list at this address.');
      const body = await readJson<{ appointments?: unknown; meta?: DentallyPageMeta }>(response);
      if (!Array.isArray(body.appointments)) {
        throw new DentallyFailed('Dentally sent an answer that could not be read.');
      }
      return { appointments: body.appointments as DentallyAppointment[], meta: body.meta };
    },

    /** (7) One patient: GET /v1/patients/{id}. Null when Dentally has no such patient. */
    async patient(id: Id): Promise<DentallyPatient | null> {
      const response = await get(`/v1/patients/${encodeURIComponent(String(id))}`);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      const body = await readJson<{ patient?: DentallyPatient }>(response);
      if (!body.patient || typeof body.patient !== 'object') {
        throw new DentallyFailed('Dentally sent an answer that could not be read.');
      }
      return body.patient;
    },
  };
}

export type DentallyClient = ReturnType<typeof dentallyClient>;
