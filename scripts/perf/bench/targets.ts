/**
 * What the bench measures (issue 7), each against its ceiling: API routes against Next answering a trivial
 * JSON route handler, HTML pages against Next serving a prerendered static page.
 */
import type { Samples } from './seed';

/**
 * The staff dashboard's first view, as a signed-in admin: the page and the three calls it makes on load.
 * Its server time is the sum of these requests' p50s and its size the sum of their answers' bytes.
 */
export const DASHBOARD_FIRST_VIEW = [
  { name: 'dash-page', label: 'GET / (dashboard HTML)', path: '/' },
  {
    name: 'dash-clients',
    label: 'GET /api/clients?limit=50&referrals=false',
    path: '/api/clients?limit=50&referrals=false',
  },
  { name: 'dash-leaderboard', label: 'GET /api/clients/leaderboard', path: '/api/clients/leaderboard' },
  {
    name: 'dash-outstanding',
    label: 'GET /api/payments/outstanding?limit=50',
    path: '/api/payments/outstanding?limit=50',
  },
] as const;

/** Public pages checked in Chromium for first-load JavaScript and requests to other hosts. */
export const BROWSER_PAGES = (s: Samples) => [
  { name: 'card-page', label: 'GET /card/{token}', path: `/card/${s.tokens[0]}` },
  {
    name: 'recommendation-form',
    label: 'GET /recommendation-details?ref={cardNumber}',
    path: `/recommendation-details?ref=${s.cardNumbers[0]}`,
  },
  ...(s.teamMemberId
    ? [{ name: 'review-page', label: 'GET /review/{teamMemberId}', path: `/review/${s.teamMemberId}` }]
    : []),
];

/** Issue 19's ceilings on each public page's first-load JavaScript (gzip bytes: the same on any machine). */
export const FIRST_LOAD_JS_KB: Record<string, number> = {
  'card-page': 145,
  'recommendation-form': 165,
  'review-page': 150,
};

export type Ceiling = 'health' | 'static';

export interface Target {
  name: string;
  label: string;
  kind: 'ceiling' | 'route';
  server: 'app' | 'bare';
  method: 'GET' | 'POST';
  /** Rotated through, one per request. */
  paths: string[];
  /** Sends the admin's session cookie. */
  signedIn?: boolean;
  /** The status that counts as success (default: any 2xx). */
  expectStatus?: number;
  /** What this route's req/s is compared with. */
  ceiling?: Ceiling;
  /** A POST body for the n-th request. */
  body?: (n: number) => string;
  note?: string;
  /**
   * A latency target (the dashboard's first view, a search, the report): also measured at one connection,
   * as one person waits for it; under 32 connections p50 is mostly queueing (32 ÷ req/s).
   */
  latency?: boolean;
  /**
   * Each path is requested this many times before the warm-up, so a cache is filled for every one of them. A
   * card page takes two: the first visit to a card goes through the counted lookup (card-lookup, rendered for
   * that request), and only the second renders the page into Next's cache.
   */
  warmEach?: number;
  /** The app keeps the answer until the data changes: a slow first answer (the probe) is no reason to skip it. */
  keptAnswer?: boolean;
}

export interface TargetInputs {
  samples: Samples;
  staticPage: { path: string; expectStatus: number; note: string };
  /** { year, month } of the month before the current UK month. */
  reportMonth: { year: number; month: number };
  /** The bench's own lead emails: `${leadPrefix}${n}@bench-post.example`. */
  leadPrefix: string;
}

export const leadEmail = (prefix: string, n: number) => `${prefix}${n}@bench-post.example`;

export function buildTargets({ samples, staticPage, reportMonth, leadPrefix }: TargetInputs): Target[] {
  const { tokens, cardNumbers, searchTerms } = samples;
  const rotating = `rotating over ${tokens.length} random clients`;
  const dashboard: Target[] = DASHBOARD_FIRST_VIEW.map((d) => ({
    name: d.name,
    label: d.label,
    kind: 'route',
    server: 'app',
    method: 'GET',
    paths: [d.path],
    signedIn: true,
    ceiling: d.path.startsWith('/api/') ? 'health' : 'static',
    note: 'dashboard first view',
    latency: true,
  }));
  return [
    {
      name: 'health',
      label: 'ceiling: GET /api/health (trivial route handler)',
      kind: 'ceiling',
      server: 'app',
      method: 'GET',
      paths: ['/api/health'],
    },
    {
      name: 'static',
      label: `ceiling: GET ${staticPage.path} (a prerendered page, or one card asked again and again)`,
      kind: 'ceiling',
      server: 'app',
      method: 'GET',
      paths: [staticPage.path],
      expectStatus: staticPage.expectStatus,
      note: staticPage.note,
    },
    {
      name: 'bare-card',
      label: 'ceiling: bare node:http + pg card lookup',
      kind: 'ceiling',
      server: 'bare',
      method: 'GET',
      paths: tokens.map((t) => `/card/${t}`),
      note: rotating,
    },
    {
      name: 'card-api',
      label: 'GET /api/card/{token}',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: tokens.map((t) => `/api/card/${t}`),
      ceiling: 'health',
      note: `${rotating}, each asked once before the warm-up; read from PostgreSQL each time (no instance keeps a copy of a card since issue 32)`,
      warmEach: 1,
    },
    {
      name: 'card-page',
      label: 'GET /card/{token} (HTML)',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: tokens.map((t) => `/card/${t}`),
      ceiling: 'static',
      // Since issue 28 the page is rendered for each request (its CSP nonce, private, no-store); since issue 32
      // its data is read from PostgreSQL each time, so that an edit made through one instance shows at once
      // through another (no in-process cache of cards).
      note: `${rotating}, each visited twice before the warm-up (the counted lookup, then the card page), rendered from the database each time`,
      warmEach: 2,
    },
    {
      name: 'card-number',
      label: 'GET /api/users/card/{cardNumber}',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: cardNumbers.map((c) => `/api/users/card/${c}`),
      ceiling: 'health',
      note: rotating,
    },
    {
      name: 'lead-post',
      label: 'POST /api/leads (distinct emails)',
      kind: 'route',
      server: 'app',
      method: 'POST',
      paths: ['/api/leads'],
      ceiling: 'health',
      body: (n) =>
        JSON.stringify({
          firstName: 'Bench',
          lastName: `Lead ${n}`,
          email: leadEmail(leadPrefix, n),
          phone: '+447123456789',
          treatmentInterest: 'improve-my-smile',
          referrerId: cardNumbers[n % cardNumbers.length],
        }),
      note: `referrers rotating over ${cardNumbers.length} card numbers`,
    },
    {
      name: 'client-search',
      label: 'GET /api/clients?q=...',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: searchTerms.map((q) => `/api/clients?q=${encodeURIComponent(q)}&limit=50&referrals=false`),
      signedIn: true,
      ceiling: 'health',
      note: `q rotating over ${searchTerms.map((q) => `"${q}"`).join(', ')}`,
      latency: true,
    },
    {
      name: 'clients',
      label: 'GET /api/clients (first page)',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: ['/api/clients?limit=50'],
      signedIn: true,
      ceiling: 'health',
      note: 'with referrals',
    },
    {
      name: 'report',
      label: 'GET /api/payments/report',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: [`/api/payments/report?year=${reportMonth.year}&month=${reportMonth.month}`],
      signedIn: true,
      ceiling: 'health',
      latency: true,
      note: `${reportMonth.year}-${String(reportMonth.month).padStart(2, '0')}, first page (50 clients, the default)`,
    },
    {
      name: 'outstanding',
      label: 'GET /api/payments/outstanding',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: ['/api/payments/outstanding?limit=50'],
      signedIn: true,
      ceiling: 'health',
      note: 'first page (50)',
    },
    {
      name: 'team-members',
      label: 'GET /api/team-members',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: ['/api/team-members'],
      signedIn: true,
      ceiling: 'health',
    },
    {
      name: 'insights',
      label: 'GET /api/insights?months=12',
      kind: 'route',
      server: 'app',
      method: 'GET',
      paths: ['/api/insights?months=12'],
      signedIn: true,
      ceiling: 'health',
      latency: true,
      keptAnswer: true,
      note: 'the owner’s Insights (issue 20); the probe is the first answer, computed from the database',
    },
    ...dashboard,
  ];
}
