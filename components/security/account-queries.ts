import * as account from '@/lib/contract/account';
import { endpointPages, endpointQuery } from '@/lib/contract/client';

/**
 * Settings → Security's sign-in record (issue 31), each read from its declaration in lib/contract/account.ts:
 * the signed-in account's own sign-ins and sessions, and for full admins everyone's sign-ins and the account
 * audit, a page at a time.
 */
export const ownSignInsQuery = () => endpointQuery(account.signIns);

export const clinicSignInsPages = () => endpointPages(account.clinicSignIns);

export const accountAuditPages = () => endpointPages(account.accountAudit);
