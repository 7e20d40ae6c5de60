/**
 * Every query key of the staff app, by area. Each area's `queries.ts` builds its `queryOptions` on these,
 * and a change in one area invalidates another's data by key (a payment touches the clients' owed amounts),
 * so the keys live together here rather than inside the areas.
 */

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: object) => [...clientKeys.lists(), params] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
  count: () => [...clientKeys.all, 'count'] as const,
  /** The held change of a client's bank details, masked, for approval (issue 29): one per hold. */
  bankChanges: (id: string) => [...clientKeys.all, 'bank-change', id] as const,
  bankChange: (id: string, heldAt: string) => [...clientKeys.bankChanges(id), heldAt] as const,
};

export const referralKeys = {
  all: ['referrals'] as const,
  /** The referrals of one client (a row's details). */
  byClient: (clientId: string) => [...referralKeys.all, 'client', clientId] as const,
  /** Searches of clients, referrals and leads. */
  search: (scope: string, q: string) => [...referralKeys.all, 'search', scope, q] as const,
};

/** The new-referrals inbox (issue 17): its list and the count the navigation's badge shows. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  count: () => [...inboxKeys.all, 'count'] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  report: (period: { year: number; month: number }) => [...paymentKeys.all, 'report', period] as const,
  outstanding: () => [...paymentKeys.all, 'outstanding'] as const,
  audit: () => [...paymentKeys.all, 'audit'] as const,
};

export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  /** Scan counts and the review leaderboard. */
  stats: () => [...teamKeys.all, 'stats'] as const,
  /** Scans waiting for verification. */
  scans: () => [...teamKeys.all, 'scans'] as const,
  bonuses: (period: { year: number; month: number }) => [...teamKeys.all, 'bonuses', period] as const,
  /** Members who left (full admins, to restore them). */
  archived: () => [...teamKeys.all, 'archived'] as const,
  /** The tracking funnel of a month. */
  funnel: (period: { year: number; month: number }) => [...teamKeys.all, 'funnel', period] as const,
  /** Verified, unpaid reviews of every month. */
  outstanding: () => [...teamKeys.all, 'outstanding'] as const,
  /** The bonus audit log, page by page. */
  audit: () => [...teamKeys.all, 'audit'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  settings: () => [...settingsKeys.all, 'values'] as const,
};
