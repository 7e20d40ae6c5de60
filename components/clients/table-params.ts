/**
 * The dashboard's state in its URL: the tab, and the clients table's search, filters and order. One set of
 * parsers serves the page's server render (to prefetch the list the URL asks for) and the browser (nuqs), so a
 * reload, Back, or a shared link shows the same view.
 */
import {
  createLoader,
  parseAsBoolean,
  parseAsString,
  parseAsStringLiteral,
  type inferParserType,
} from 'nuqs/server';
import { CLIENT_SORTS } from '@/lib/validation/paging';

export const DASHBOARD_TABS = ['add-client', 'clients', 'payments'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const tabParser = parseAsStringLiteral(DASHBOARD_TABS).withDefault('add-client');

export const clientTableParsers = {
  q: parseAsString.withDefault(''),
  sort: parseAsStringLiteral(CLIENT_SORTS).withDefault('created'),
  dir: parseAsStringLiteral(['asc', 'desc'] as const),
  owed: parseAsBoolean.withDefault(false),
  bacsMissing: parseAsBoolean.withDefault(false),
  noReferrals: parseAsBoolean.withDefault(false),
  affiliate: parseAsBoolean.withDefault(false),
};

export type ClientTableParams = inferParserType<typeof clientTableParsers>;

export const loadDashboardParams = createLoader({ tab: tabParser, ...clientTableParsers });

/** The filters the table offers, with their labels. */
export const CLIENT_FILTERS = [
  { key: 'owed', label: 'Owed money' },
  { key: 'bacsMissing', label: 'BACS missing' },
  { key: 'noReferrals', label: 'No referrals yet' },
  { key: 'affiliate', label: 'Affiliate' },
] as const;

/** The table's params as the list query's key and the API's query string want them (search trimmed). */
export function listParams({ q, sort, dir, owed, bacsMissing, noReferrals, affiliate }: ClientTableParams) {
  return { q: q.trim(), sort, dir, owed, bacsMissing, noReferrals, affiliate };
}
export type ClientListParams = ReturnType<typeof listParams>;
