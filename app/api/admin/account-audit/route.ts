import { pagedJson, route } from '@/lib/api/route';
import * as account from '@/lib/contract/account';
import { accountAuditPage } from '@/lib/services/account/audit-list';

/** The account audit, newest first, paged (limit, cursor; X-Total-Count, X-Next-Cursor): full admins. */
export const GET = route(account.accountAudit, async ({ query }) => pagedJson(await accountAuditPage(query)));
