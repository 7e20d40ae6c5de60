import 'server-only';
import PgBoss from 'pg-boss';
import { runRetention } from '@/lib/services/privacy';

/**
 * The app's job queue (issue 16): pg-boss on the app's own PostgreSQL (its tables in the `pgboss` schema,
 * made at start), started once per server process from instrumentation.ts. The retention run is scheduled
 * daily at 03:15 UK time; pg-boss makes sure one instance runs it, however many app servers share the database.
 */
export const RETENTION_JOB = 'privacy-retention';
export const RETENTION_CRON = '15 3 * * *';

export async function startJobs(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, application_name: 'smile-referrals-jobs' });
  boss.on('error', (error) => console.error('[jobs]', error));
  await boss.start();
  await boss.createQueue(RETENTION_JOB);
  await boss.schedule(RETENTION_JOB, RETENTION_CRON, {}, { tz: 'Europe/London' });
  await boss.work(RETENTION_JOB, async () => {
    const result = await runRetention();
    console.log(
      `[jobs] retention: ${result.leadsErased} leads erased, ${result.scansErased} old visits anonymised`,
    );
  });
  console.log('[jobs] The job queue is running: privacy retention daily at 03:15 UK time.');
  return boss;
}
