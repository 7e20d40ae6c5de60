import 'server-only';
import type PgBoss from 'pg-boss';
import { log } from '@/lib/log';
import { runDentallySync } from '@/lib/services/practice/dentally-sync';

/**
 * The 'dentally-sync' job (issue 34): lib/services/practice/dentally-sync.ts every 15 minutes, and when a full
 * admin presses "Sync now" or saves a token. The queue is 'stately' (at most one waiting and one running across
 * every instance), and the sync itself claims its row, so two instances never sync at once. The sync does
 * nothing while not connected, after a rejected token, or before the time Dentally asked us to wait until.
 */
export const DENTALLY_JOB = 'dentally-sync';
export const DENTALLY_CRON = '*/15 * * * *';

export interface DentallyJobData {
  manual?: boolean;
}

export const dentallyQueueOptions = {
  name: DENTALLY_JOB,
  policy: 'stately' as const,
  retryLimit: 0,
  // A sync waits at most a minute for a rate limit and reads a few pages: 30 minutes is far beyond one.
  expireInSeconds: 30 * 60,
};

type Sender = (data: DentallyJobData) => Promise<unknown>;
const holder = globalThis as unknown as {
  __smileDentallySender?: Sender;
  __smileDentallyRequested?: Promise<unknown>;
};

/** The queue registers its sender here when it starts in this process (as the message waker does). */
export function registerDentallySender(sender: Sender | undefined): void {
  holder.__smileDentallySender = sender;
}

/**
 * Asks for a sync now: through the queue when it runs in this process; else (JOBS_DISABLED, scripts, tests)
 * the sync runs in the background here, through the same claim on its row.
 */
export function requestDentallySync(): void {
  const send = holder.__smileDentallySender;
  const run = Promise.resolve(send ? send({ manual: true }) : runDentallySync({ manual: true })).catch(
    (error: unknown) =>
      log.error(
        { job: DENTALLY_JOB, cause: (error as Error)?.name },
        'A Dentally sync could not be started.',
      ),
  );
  holder.__smileDentallyRequested = run;
}

/** The last sync asked for in this process, once it has ended (for tests: the in-process run). */
export async function requestedDentallySyncSettled(): Promise<void> {
  await holder.__smileDentallyRequested;
}

export async function startDentallyJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(DENTALLY_JOB, dentallyQueueOptions);
  await boss.schedule(DENTALLY_JOB, DENTALLY_CRON);
  await boss.work<DentallyJobData>(DENTALLY_JOB, async ([job]) => {
    await runDentallySync({ manual: !!job?.data?.manual });
  });
  registerDentallySender((data) => boss.send(DENTALLY_JOB, data));
  boss.on('stopped', () => registerDentallySender(undefined));
}
