import { pagedJson, route } from '@/lib/api/route';
import * as account from '@/lib/contract/account';
import { clinicSignIns } from '@/lib/services/account/sign-in-record';

/** Everyone's sign-ins, newest first, paged (limit, cursor; X-Total-Count, X-Next-Cursor): full admins. */
export const GET = route(account.clinicSignIns, async ({ query }) => pagedJson(await clinicSignIns(query)));
