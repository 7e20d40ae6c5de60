import { route } from '@/lib/api/route';
import * as account from '@/lib/contract/account';
import { ownSignIns } from '@/lib/services/account/sign-in-record';

/** The signed-in account's last 20 sign-ins and its live sessions (issue 31). */
export const GET = route(account.signIns, ({ user }) => ownSignIns(user));
