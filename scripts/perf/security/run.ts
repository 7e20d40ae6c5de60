/**
 * `npm run security`: the attacks of issue 14 tried against the real server, started as `npm start` starts it
 * (a throwaway embedded PostgreSQL, the production build, the custom server in front of Next), and what held:
 *  1. a spoofed-address flood: sign-in failures and public lead posts, each request claiming a new address
 *     in X-Forwarded-For / X-Real-IP, must still be limited as one caller;
 *  2. a guessing run over card addresses: readable names (`/card/JaneSmith`, `/card/jane-smith`), random
 *     tokens and card numbers, each from a "new" address, must find no card and be refused once the failures
 *     are used up, while a real card's link still opens;
 *  3. the logout replay: a session cookie copied before signing out (or before a password change elsewhere)
 *     must be refused on the next request.
 * Prints one line per check and exits 1 when anything did not hold. Not part of `npm test` (it starts its own
 * server: about a minute, plus a build when the build is stale).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ChaosApp, freePort, portIsFree } from '../chaos/app';
import { buildIfNeeded } from '../chaos/build';
import { signIn, type Session } from '../chaos/http';

const log = (message: string) => console.log(`[security] ${message}`);

/** The limits this run starts the app with (small, so each attack is over in seconds). */
const LIMITS = {
  LEAD_RATE_LIMIT_PER_HOUR: 10,
  CARD_LOOKUP_FAILURES_PER_HOUR: 30,
};
/** lib/services/login.ts: failed sign-ins per address in 15 minutes. */
const LOGIN_FAILURES_PER_ADDRESS = 20;

interface Check {
  name: string;
  held: boolean;
  detail: string;
}

const checks: Check[] = [];
function check(name: string, held: boolean, detail: string): void {
  checks.push({ name, held, detail });
  log(`${held ? 'HELD  ' : 'FAILED'} ${name}: ${detail}`);
}

/** A made-up address, different every call: what an attacker puts in the forwarded headers. */
function spoofedAddress(i: number): string {
  return `203.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

/**
 * One request from a loopback address of the run's choosing (all of 127.0.0.0/8 is this machine), so each attack
 * is one real caller of its own and uses up only its own limits; no redirect is followed.
 */
function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const target = new URL(url);
  const method = init.method ?? 'GET';
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  if (method !== 'GET') headers.Origin ??= target.origin;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: target.pathname + target.search,
        method,
        headers,
        localAddress: init.from ?? '127.0.0.1',
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A loopback address for one attack (see request). */
function attacker(): string {
  return `127.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');
}

const spoof = (i: number) => ({
  'X-Forwarded-For': spoofedAddress(i),
  'X-Real-IP': spoofedAddress(i),
});

async function spoofedFloods(base: string, referrerCard: string): Promise<void> {
  // Sign-in: a new account name each time (so the per-account lock never trips), a new claimed address each time.
  const attempts = LOGIN_FAILURES_PER_ADDRESS * 3;
  const login: number[] = [];
  const signInFlooder = attacker();
  for (let i = 0; i < attempts; i++) {
    const res = await request(`${base}/api/login`, {
      method: 'POST',
      from: signInFlooder,
      headers: spoof(i),
      body: { username: `nobody-${i}@flood.test`, password: 'wrong-password-1' },
    });
    login.push(res.status);
  }
  const checked = login.filter((s) => s === 401).length;
  check(
    'spoofed-address flood on sign-in',
    checked <= LOGIN_FAILURES_PER_ADDRESS && login.includes(429),
    `${attempts} wrong passwords, each from a made-up X-Forwarded-For: ${tally(login)} ` +
      `(at most ${LOGIN_FAILURES_PER_ADDRESS} may be checked per real address)`,
  );

  // The public lead form.
  const posts = LIMITS.LEAD_RATE_LIMIT_PER_HOUR * 3;
  const leads: number[] = [];
  const formFlooder = attacker();
  for (let i = 0; i < posts; i++) {
    const res = await request(`${base}/api/leads`, {
      method: 'POST',
      from: formFlooder,
      headers: spoof(1000 + i),
      body: {
        firstName: 'Flood',
        lastName: `Friend${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
        email: `flood-${i}@friends.test`,
        phone: `07700 900${String(100 + i).slice(-3)}`,
        treatmentInterest: 'improve-my-smile',
        recommendedBy: 'Jane Smith',
        referrerId: referrerCard,
      },
    });
    leads.push(res.status);
  }
  const accepted = leads.filter((s) => s >= 200 && s < 300).length;
  check(
    'spoofed-address flood on the public lead form',
    accepted <= LIMITS.LEAD_RATE_LIMIT_PER_HOUR && leads.includes(429),
    `${posts} posts, each from a made-up X-Forwarded-For: ${tally(leads)} ` +
      `(limit ${LIMITS.LEAD_RATE_LIMIT_PER_HOUR} an hour per real address)`,
  );
}

interface CreatedClient {
  firstName: string;
  lastName: string;
  cardNumber: string;
  webUrl: string;
  brandedUrl: string;
}

async function guessingRun(base: string, real: CreatedClient[]): Promise<void> {
  const guesses: string[] = [];
  for (const c of real) {
    const readable = [
      `${c.firstName}${c.lastName}`,
      `${c.firstName.toLowerCase()}-${c.lastName.toLowerCase()}`,
      `${c.firstName}${c.lastName}2`,
    ];
    for (const slug of readable) guesses.push(`/card/${slug}`, `/api/card/${slug}`);
  }
  while (guesses.length < LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR * 4) {
    const n = guesses.length;
    const kind = n % 4;
    const token = randomBytes(18).toString('base64url');
    const number = `SC-${randomBytes(6)
      .toString('hex')
      .toUpperCase()
      .replace(/[01IO]/g, 'A')
      .slice(0, 4)}-ABCD-EFGH`;
    guesses.push(
      kind === 0
        ? `/api/card/${token}`
        : kind === 1
          ? `/card/${token}`
          : kind === 2
            ? `/api/users/card/${number}`
            : `/api/users/card/${number}/qr`,
    );
  }
  const statuses: number[] = [];
  const refused: boolean[] = [];
  const found: string[] = [];
  const guesser = attacker();
  for (const [i, guess] of guesses.entries()) {
    const res = await request(`${base}${guess}`, { from: guesser, headers: spoof(5000 + i) });
    statuses.push(res.status);
    // The card page cannot answer 429 itself: it sends a refused visitor to /card-limit, which does.
    refused.push(res.status === 429 || /\/card-limit/.test(String(res.headers.location ?? '')));
    if (res.status === 200 && real.some((c) => res.text.includes(c.cardNumber))) found.push(guess);
  }
  check(
    'guessing run over card addresses finds no card',
    found.length === 0,
    found.length
      ? `${found.length} guesses showed a real card: ${found.slice(0, 5).join(', ')}`
      : `${guesses.length} guesses (readable names of real clients, random tokens and card numbers): none found a card`,
  );
  const firstRefused = refused.indexOf(true);
  check(
    'failed card lookups are limited per real address',
    firstRefused === LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR && refused.slice(firstRefused).every(Boolean),
    `${tally(statuses)}; every guess refused from guess ${firstRefused + 1} on (429, or the card page's ` +
      `redirect to the 429 page) with a limit of ${LIMITS.CARD_LOOKUP_FAILURES_PER_HOUR} failures an hour per ` +
      'real address, each guess from a made-up X-Forwarded-For',
  );
  // A real card's own link keeps working, even for the address that has just used up its failures: only misses
  // are counted and refused, so a clinic's shared Wi-Fi never loses its cards.
  const own = await request(real[0]!.brandedUrl, { from: guesser });
  check(
    "a real card's link still opens",
    own.status === 200 && own.text.includes(real[0]!.cardNumber),
    `GET ${new URL(real[0]!.brandedUrl).pathname} answered ${own.status}`,
  );
}

async function logoutReplay(base: string, admin: { email: string; password: string }): Promise<void> {
  const session = await signIn(base, admin);
  const before = await request(`${base}/api/user`, { headers: { Cookie: session.cookie! } });
  const out = await request(`${base}/api/logout`, { method: 'POST', headers: { Cookie: session.cookie! } });
  const api = await request(`${base}/api/user`, { headers: { Cookie: session.cookie! } });
  const page = await request(`${base}/`, { headers: { Cookie: session.cookie! } });
  const toLogin =
    page.status >= 300 && page.status < 400 && /\/login/.test(String(page.headers.location ?? ''));
  check(
    'logout replay',
    before.status === 200 && out.status === 200 && api.status === 401 && toLogin,
    `signed in: GET /api/user ${before.status}; after POST /api/logout the copied cookie gets ` +
      `GET /api/user ${api.status} and GET / ${page.status}${toLogin ? ' (to the login page)' : ''}`,
  );
}

async function passwordChangeReplay(base: string, admin: Session): Promise<void> {
  const email = `replay-${Date.now()}@clinic.test`;
  const password = 'Replay-password-1';
  const created = await request(`${base}/api/admin/users`, {
    method: 'POST',
    headers: { Cookie: admin.cookie! },
    body: { email, password, isFullAdmin: false },
  });
  if (created.status !== 201 && created.status !== 200) {
    check(
      'password change ends other sessions',
      false,
      `adding a user failed: ${created.status} ${created.text}`,
    );
    return;
  }
  const laptop = await signIn(base, { email, password });
  const phone = await signIn(base, { email, password });
  const changed = await request(`${base}/api/change-password`, {
    method: 'POST',
    headers: { Cookie: laptop.cookie! },
    body: {
      email,
      currentPassword: password,
      newPassword: 'Replay-password-2',
    },
  });
  const old = await request(`${base}/api/user`, { headers: { Cookie: phone.cookie! } });
  check(
    'password change ends other sessions',
    changed.status === 200 && old.status === 401,
    `POST /api/change-password ${changed.status}; the other session's cookie then gets GET /api/user ${old.status}`,
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { port: { type: 'string' }, keep: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log('Usage: npm run security -- [--port <n>] [--keep]');
    return 0;
  }
  let port = Number(values.port) || 3320;
  if (!(await portIsFree(port))) port = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-security-'));
  fs.chmodSync(tmp, 0o755);
  const admin = { email: 'security-admin@clinic.test', password: 'Security-admin-password-1' };
  const app = new ChaosApp({
    port,
    dataDir: path.join(tmp, 'data'),
    distDir: process.env.NEXT_DIST_DIR || '.next',
    admin,
    logFile: path.join(tmp, 'app.log'),
    log,
    env: Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
  });
  let failure: string | null = null;
  try {
    buildIfNeeded(process.env.NEXT_DIST_DIR || '.next', log);
    log(`Starting the app on port ${port} as npm start does (TRUSTED_PROXIES unset: no proxy trusted) ...`);
    await app.start('security');
    const base = app.url;
    const session = await signIn(base, admin);

    const real: CreatedClient[] = [];
    for (const [firstName, lastName] of [
      ['Jane', 'Smith'],
      ['John', 'Brown'],
    ] as const) {
      const res = await request(`${base}/api/admin/clients`, {
        method: 'POST',
        headers: { Cookie: session.cookie! },
        body: { firstName, lastName, email: `${firstName}.${lastName}.${Date.now()}@example.com` },
      });
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`Adding a client failed: ${res.status} ${res.text}`);
      real.push(JSON.parse(res.text) as CreatedClient);
    }

    await spoofedFloods(base, real[0]!.cardNumber);
    await guessingRun(base, real);
    await logoutReplay(base, admin);
    await passwordChangeReplay(base, session);
  } catch (error) {
    failure = (error as Error).message;
    log(`ERROR: ${failure}`);
    log(app.tail(20));
  } finally {
    await app.stop();
    await app.closeLog();
    if (!values.keep) fs.rmSync(tmp, { recursive: true, force: true });
    else log(`Kept ${tmp}`);
  }
  const held = checks.filter((c) => c.held).length;
  console.log(
    `\nSecurity summary: ${held} of ${checks.length} checks held${failure ? `; ERROR: ${failure}` : ''}`,
  );
  for (const c of checks) console.log(`  ${c.held ? 'held  ' : 'FAILED'}  ${c.name}`);
  const ok = failure === null && checks.length > 0 && held === checks.length;
  console.log(`  RESULT: ${ok ? 'PASS' : 'FAIL'}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
