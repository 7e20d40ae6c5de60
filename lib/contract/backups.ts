/**
 * The backups' endpoint (issue 32): see lib/contract/endpoint.ts. Full admins see when the last backup was
 * made, its size, the last failure, and the schedule (Settings; the dashboard's warning).
 */
import { backupStatusSchema } from '@/lib/dto/backups';
import { backupStatusQuerySchema } from '@/lib/validation/backups';
import { endpoint } from './endpoint';

export const status = endpoint({
  method: 'GET',
  path: '/api/admin/backups',
  access: 'admin',
  tag: 'Backups',
  area: 'settings',
  summary: 'The state of the backups: the last one made, the last run and its failure, the schedule.',
  description:
    'A backup is made every day at BACKUP_SCHEDULE (UK time), and by `npm run backup` and `npm start` before ' +
    'an upgrade’s migrations; each run is recorded. `warning` says what needs doing: `failed` (the last run ' +
    'failed: `lastRun.error` says why), `never` (no backup yet) or `stale` (the last successful backup is ' +
    'older than 36 hours). `recent` lists the last runs, newest first (`limit`, 1 to 50, default 10).',
  query: backupStatusQuerySchema,
  response: backupStatusSchema,
  errors: { 400: 'The limit is not a whole number from 1 to 50.' },
});
