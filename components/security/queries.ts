import { endpointQuery } from '@/lib/contract/client';
import * as passkeys from '@/lib/contract/passkeys';
import * as secondFactor from '@/lib/contract/second-factor';

/**
 * Settings → Security's reads (issue 31). Each key starts with its area ('user'), so a change to the account's
 * second factors (whose declarations invalidate 'user') has them asked for again.
 */

/** GET /api/account/second-factors: the authenticator app, recovery codes left, how many passkeys. */
export const secondFactorsQuery = () => endpointQuery(secondFactor.secondFactors);

/** GET /api/account/passkeys: the account's passkeys, oldest first. */
export const passkeysQuery = () => endpointQuery(passkeys.list);
