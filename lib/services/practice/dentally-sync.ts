/**
 * Issue 34: the Dentally sync. Every 15 minutes and on "Sync now" (lib/jobs/dentally.ts) it reads the
 * completed appointments updated since the last sync, and their patients, through lib/practice/dentally-client.ts,
 * and feeds them to the match engine as practice records (ingestPracticeRecords, via 'dentally'). Its state is
 * the one row of dentally_sync.
 *
 * - One at a time: a sync claims the row (status 'running') in one UPDATE that also checks it may run, so two
 *   app instances never sync at once; a claim older than CLAIM_STALE_MS (an instance that died) is taken over.
 * - A rejected token stops every sync until a new token is saved (saving resets the status to 'never').
 * - A rate limit: a short wait (≤ 60 s) is waited in-process; a longer one ends the sync with `retryAfter`,
 *   and no sync, "Sync now" included, runs before it.
 * - Nothing is lost: the cursor (the newest `updated_at` read) moves only once every page of the read has been
 *   ingested. Dentally's order of rows is not documented (and sorting was seen to be ignored), so a cursor moved
 *   after page 2 could pass over older rows on page 3. A sync that stops part-way reads again from the old
 *   cursor; appointments already stored are skipped without fetching their patients (ingest is idempotent).
 */
import 'server-only';
import { decrypt, encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { dentallyApiUrl, encryptionKey } from '@/lib/env';
import { log } from '@/lib/log';
import { ukDateString } from '@/lib/uk-time';
import {
  appointmentWindow,
  dentallyClient,
  DentallyFailed,
  DentallyRateLimited,
  DentallyTokenRejected,
  externalEventIdOf,
  isCompleted,
  isLastPage,
  toPracticeRecordInput,
  updatedAtOf,
  DENTALLY_ASSUMED,
  type DentallyAppointment,
  type DentallyPatient,
} from '@/lib/practice/dentally-client';
import { checkPracticeRecords, MAX_PRACTICE_EVENTS } from '@/lib/validation/practice-records';
import { ingestPracticeRecords } from './ingest';

export type DentallyStatus = 'never' | 'running' | 'ok' | 'token_rejected' | 'rate_limited' | 'failed';

export const TOKEN_REJECTED_TEXT = 'Dentally refused the token. Save a new one to start again.';
export const FAILED_TEXT = 'Dentally could not be read. The next sync tries again.';

/** A claim older than this belongs to an instance that died mid-sync; another may take over. */
export const CLAIM_STALE_MS = 30 * 60_000;
/** The longest rate-limit wait a sync sits through in-process. */
export const MAX_IN_PROCESS_WAIT_MS = 60_000;

export type SyncOutcome =
  | { ran: false; reason: 'not_connected' | 'token_rejected' | 'rate_limited' | 'running' }
  | { ran: true; status: DentallyStatus; read: number; new: number; matched: number; proposed: number };

export interface SyncOptions {
  manual?: boolean;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const ukTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** "Dentally asked us to wait until 14:20." (UK time; the date too when it is not today). */
export function rateLimitedText(retryAt: Date, now: Date = new Date()): string {
  const when =
    ukDateString(retryAt) === ukDateString(now)
      ? ukTime.format(retryAt)
      : retryAt.toLocaleString('en-GB', {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/London',
        });
  return `Dentally asked us to wait until ${when}.`;
}

async function ensureRow(): Promise<void> {
  await db.dentallySync.createMany({ data: [{ id: 1 }], skipDuplicates: true });
}

/** The connection as saved: the token (decrypted) and the site, or null when not connected. */
async function connection(): Promise<{ token: string; siteId: string | null } | null> {
  const settings = await db.settings.findUnique({
    where: { id: 1 },
    select: { dentallyTokenEncrypted: true, dentallySiteId: true },
  });
  if (!settings?.dentallyTokenEncrypted) return null;
  return {
    token: decrypt(settings.dentallyTokenEncrypted, encryptionKey()),
    siteId: settings.dentallySiteId,
  };
}

/**
 * Claims the sync row when a sync may run: not token_rejected, not before retryAfter, and not running (unless
 * that claim is stale). One UPDATE, so two instances asking together get one claim.
 */
async function claim(now: Date): Promise<{ cursor: Date | null } | null> {
  const stale = new Date(now.getTime() - CLAIM_STALE_MS);
  const rows = await db.$queryRaw<{ cursor: Date | null }[]>`
    UPDATE "dentally_sync" SET "status" = 'running', "lastStartedAt" = ${now}
    WHERE "id" = 1
      AND "status" <> 'token_rejected'
      AND ("retryAfter" IS NULL OR "retryAfter" <= ${now})
      AND ("status" <> 'running' OR "lastStartedAt" IS NULL OR "lastStartedAt" < ${stale})
    RETURNING "cursor"`;
  return rows[0] ?? null;
}

async function whyNot(now: Date): Promise<'token_rejected' | 'rate_limited' | 'running'> {
  const row = await db.dentallySync.findUniqueOrThrow({ where: { id: 1 } });
  if (row.status === 'token_rejected') return 'token_rejected';
  if (row.retryAfter && row.retryAfter > now) return 'rate_limited';
  return 'running';
}

/** The event ids among these that are stored already (their patients need not be fetched again). */
async function storedEventIds(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.practiceRecord.findMany({
    where: { source: 'dentally', externalEventId: { in: ids } },
    select: { externalEventId: true },
  });
  return new Set(rows.map((r) => r.externalEventId));
}

/** Runs one sync if one may run now. Never throws for Dentally's refusals: they are recorded in the row. */
export async function runDentallySync(options: SyncOptions = {}): Promise<SyncOutcome> {
  const now = options.now ?? (() => new Date());
  const conn = await connection();
  if (!conn) return { ran: false, reason: 'not_connected' };
  await ensureRow();
  const started = now();
  const claimed = await claim(started);
  if (!claimed) return { ran: false, reason: await whyNot(started) };

  const client = dentallyClient({
    token: conn.token,
    baseUrl: dentallyApiUrl(),
    maxInProcessWaitMs: MAX_IN_PROCESS_WAIT_MS,
    now,
    sleep: options.sleep,
  });
  const cursor = claimed.cursor;
  const window = appointmentWindow(cursor, started);
  const counts = { read: 0, new: 0, matched: 0, proposed: 0 };
  let newest = cursor;
  const patients = new Map<string, DentallyPatient | null>();

  async function patientOf(id: string): Promise<DentallyPatient | null> {
    if (!patients.has(id)) patients.set(id, await client.patient(id));
    return patients.get(id) ?? null;
  }

  async function ingestPage(rows: DentallyAppointment[]): Promise<void> {
    const wanted = rows.filter((row) => {
      if (!isCompleted(row)) return false;
      // (3) Rows that carry another site are skipped when a site is set.
      if (conn!.siteId && row.site_id !== undefined && row.site_id !== null) {
        if (String(row.site_id) !== conn!.siteId) return false;
      }
      // (4) Applied here too, in case Dentally ignores updated_after.
      const updated = updatedAtOf(row);
      return !cursor || !updated || updated > cursor;
    });
    counts.read += wanted.length;
    const stored = await storedEventIds(wanted.map(externalEventIdOf));
    const inputs = [];
    for (const row of wanted) {
      if (stored.has(externalEventIdOf(row)) || row.patient_id === undefined || row.patient_id === null)
        continue;
      // A patient Dentally no longer has cannot be matched: the appointment is left out.
      const patient = await patientOf(String(row.patient_id));
      if (patient) inputs.push(toPracticeRecordInput(row, patient));
    }
    // A record without a name (or with a date in the future) is left out by the same checks as every way in.
    const { records } = checkPracticeRecords(inputs, now());
    for (let i = 0; i < records.length; i += MAX_PRACTICE_EVENTS) {
      const result = await ingestPracticeRecords(
        records.slice(i, i + MAX_PRACTICE_EVENTS).map((r) => r.record),
        'dentally',
      );
      counts.new += result.new;
      counts.matched += result.matched;
      counts.proposed += result.proposed;
    }
    for (const row of rows) {
      const updated = updatedAtOf(row);
      if (updated && (!newest || updated > newest)) newest = updated;
    }
  }

  const finish = (data: {
    status: DentallyStatus;
    lastError: string | null;
    retryAfter?: Date | null;
    cursor?: Date | null;
  }) =>
    db.dentallySync.update({
      where: { id: 1 },
      data: {
        status: data.status,
        lastError: data.lastError,
        retryAfter: data.retryAfter ?? null,
        ...(data.cursor !== undefined ? { cursor: data.cursor } : {}),
        lastFinishedAt: now(),
        lastRead: counts.read,
        lastNew: counts.new,
        lastMatched: counts.matched,
        lastProposed: counts.proposed,
      },
    });

  try {
    let readSoFar = 0;
    for (let page = 1; page <= DENTALLY_ASSUMED.maxPages; page += 1) {
      const { appointments, meta } = await client.appointmentsPage({
        page,
        siteId: conn.siteId,
        updatedAfter: window.updatedAfter,
        after: window.after,
        before: window.before,
      });
      readSoFar += appointments.length;
      await ingestPage(appointments);
      if (isLastPage(meta, appointments.length, page, readSoFar)) break;
    }
    // Every page ingested: the cursor moves to the newest appointment read.
    await finish({ status: 'ok', lastError: null, cursor: newest });
    log.info({ job: 'dentally-sync', manual: !!options.manual, ...counts }, 'Dentally sync finished.');
    return { ran: true, status: 'ok', ...counts };
  } catch (error) {
    if (error instanceof DentallyTokenRejected) {
      await finish({ status: 'token_rejected', lastError: TOKEN_REJECTED_TEXT });
      log.warn({ job: 'dentally-sync', httpStatus: error.status }, 'Dentally refused the token.');
      return { ran: true, status: 'token_rejected', ...counts };
    }
    if (error instanceof DentallyRateLimited) {
      await finish({
        status: 'rate_limited',
        lastError: rateLimitedText(error.retryAt, now()),
        retryAfter: error.retryAt,
      });
      log.info({ job: 'dentally-sync', retryAfter: error.retryAt }, 'Dentally asked the sync to wait.');
      return { ran: true, status: 'rate_limited', ...counts };
    }
    const message =
      error instanceof DentallyFailed ? `${error.message} The next sync tries again.` : FAILED_TEXT;
    await finish({ status: 'failed', lastError: message });
    log.error(
      {
        job: 'dentally-sync',
        cause: error instanceof DentallyFailed ? error.message : (error as Error).name,
      },
      'Dentally sync failed.',
    );
    if (!(error instanceof DentallyFailed)) throw error;
    return { ran: true, status: 'failed', ...counts };
  }
}

/** The state Settings → Integrations shows. */
export async function dentallyState() {
  const [settings, row] = await Promise.all([
    db.settings.findUnique({
      where: { id: 1 },
      select: { dentallyTokenEncrypted: true, dentallySiteId: true },
    }),
    db.dentallySync.findUnique({ where: { id: 1 } }),
  ]);
  let tokenHint: string | null = null;
  if (settings?.dentallyTokenEncrypted) {
    try {
      tokenHint = decrypt(settings.dentallyTokenEncrypted, encryptionKey()).slice(-4);
    } catch {
      tokenHint = null;
    }
  }
  return {
    connected: !!settings?.dentallyTokenEncrypted,
    siteId: settings?.dentallySiteId ?? null,
    tokenHint,
    status: (row?.status ?? 'never') as DentallyStatus,
    lastError: row?.lastError ?? null,
    lastStartedAt: row?.lastStartedAt ?? null,
    lastFinishedAt: row?.lastFinishedAt ?? null,
    retryAfter: row?.retryAfter ?? null,
    lastRead: row?.lastRead ?? 0,
    lastNew: row?.lastNew ?? 0,
    lastMatched: row?.lastMatched ?? 0,
    lastProposed: row?.lastProposed ?? 0,
  };
}

/**
 * Saves a new token (encrypted, as bank details are) and the site, and resets the status to 'never' so that a
 * sync stopped by a rejected token runs again. The rate limit's wait is kept: Dentally's budget is the user's.
 */
export async function saveDentallyConnection(token: string, siteId: string | null): Promise<void> {
  await db.settings.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  await ensureRow();
  await db.$transaction([
    db.settings.update({
      where: { id: 1 },
      data: { dentallyTokenEncrypted: encrypt(token, encryptionKey()), dentallySiteId: siteId },
    }),
    // A sync running now keeps its claim; it records its own end.
    db.dentallySync.updateMany({
      where: { id: 1, status: { not: 'running' } },
      data: { status: 'never', lastError: null },
    }),
  ]);
}

/** Disconnects: the token and site are cleared; the records already taken stay, and so does the cursor. */
export async function removeDentallyConnection(): Promise<void> {
  await db.settings.updateMany({
    where: { id: 1 },
    data: { dentallyTokenEncrypted: null, dentallySiteId: null },
  });
  await db.dentallySync.updateMany({
    where: { id: 1, status: { not: 'running' } },
    data: { status: 'never', lastError: null },
  });
}

export async function isDentallyConnected(): Promise<boolean> {
  const settings = await db.settings.findUnique({
    where: { id: 1 },
    select: { dentallyTokenEncrypted: true },
  });
  return !!settings?.dentallyTokenEncrypted;
}
