/**
 * The inputs of the sign-in record, sessions and account audit endpoints (issue 31).
 */
import { pageLimit, pageQuerySchema } from './paging';

export { idParamSchema as sessionIdParamSchema } from './params';

export const ACCOUNT_PAGE_DEFAULT = 50;
export const ACCOUNT_PAGE_MAX = 200;

/**
 * ?limit=&cursor= for the clinic's sign-ins and the account audit, newest first: `limit` 1 to 200 (50 when
 * absent or blank), `cursor` the previous page's X-Next-Cursor (blank: the first page).
 */
export const accountPageQuerySchema = pageQuerySchema
  .pick({ cursor: true })
  .extend({ limit: pageLimit(ACCOUNT_PAGE_MAX, ACCOUNT_PAGE_DEFAULT) });
