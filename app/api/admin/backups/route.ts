import { route } from '@/lib/api/route';
import { backupStatusAnswer } from '@/lib/backup/answer';
import * as backups from '@/lib/contract/backups';

/** The state of the backups, for full admins (Settings and the dashboard's warning). */
export const GET = route(backups.status, ({ query }) => backupStatusAnswer(query.limit));
