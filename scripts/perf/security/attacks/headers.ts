/**
 * Issue 28 points 12 and 15, against the running app: a card page (a person's name and card number) and the
 * other personal pages must not be kept by a shared cache; every page's Content-Security-Policy must run scripts
 * by a nonce made for that answer, never 'unsafe-inline'; the session cookie is read under one name only. This
 * run serves http, so the cookie check is its http half (a `__Secure-` cookie is ignored); the https half (a
 * plain-name cookie ignored) is tests/integration/page-headers.test.ts.
 */
import { signIn } from '../../chaos/http';
import { attacker, check, request, type AttackContext } from '../support';

export default async function attack(ctx: AttackContext): Promise<void> {
  await personalPagesUncached(ctx);
  await noncePerAnswer(ctx.base);
  await oneCookieName(ctx);
}

const cacheControlOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['cache-control'] ?? '');

async function personalPagesUncached(ctx: AttackContext): Promise<void> {
  const from = attacker();
  const card = new URL(ctx.clients[0]!.webUrl).pathname;
  const pages = [
    `${card} (first visit)`,
    `${card} (again)`,
    '/bank-details/made-up-token',
    '/unsubscribe/made-up-token',
    `/recommendation-details?ref=${encodeURIComponent(ctx.clients[0]!.cardNumber)}`,
  ];
  const wrong: string[] = [];
  for (const label of pages) {
    const path = label.split(' ')[0]!;
    const res = await request(`${ctx.base}${path}`, { from });
    const cacheControl = cacheControlOf(res);
    if (cacheControl !== 'private, no-store' || res.headers['x-nextjs-cache'] !== undefined) {
      wrong.push(
        `${label}: ${res.status} Cache-Control "${cacheControl}", x-nextjs-cache ${res.headers['x-nextjs-cache']}`,
      );
    }
  }
  check(
    'personal pages are private, no-store',
    wrong.length === 0,
    wrong.length
      ? wrong.join('; ')
      : `${pages.length} answers (the card page twice): Cache-Control: private, no-store`,
  );
}

function scriptSrc(csp: string): string[] {
  return (
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? []
  );
}

async function noncePerAnswer(base: string): Promise<void> {
  const from = attacker();
  const seen: string[] = [];
  const problems: string[] = [];
  for (const path of ['/login', '/login', '/privacy']) {
    const res = await request(`${base}${path}`, { from });
    const csp = String(res.headers['content-security-policy'] ?? '');
    const sources = scriptSrc(csp);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    if (!nonce) problems.push(`${path}: no nonce in "${csp}"`);
    if (sources.includes("'unsafe-inline'")) problems.push(`${path}: script-src has 'unsafe-inline'`);
    if (!sources.includes("'strict-dynamic'")) problems.push(`${path}: no 'strict-dynamic'`);
    if (nonce) {
      seen.push(nonce);
      // Every script Next wrote into the page carries this answer's nonce.
      const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
      const without = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`));
      if (scripts.length === 0 || without.length) {
        problems.push(`${path}: ${without.length} of ${scripts.length} scripts without the nonce`);
      }
    }
  }
  if (new Set(seen).size !== seen.length) problems.push(`a nonce was sent twice: ${seen.join(', ')}`);
  check(
    'CSP: a new nonce per page, no unsafe-inline scripts',
    problems.length === 0,
    problems.length
      ? problems.join('; ')
      : `${seen.length} pages, ${seen.length} different nonces, every script with its page's`,
  );
}

async function oneCookieName(ctx: AttackContext): Promise<void> {
  const session = await signIn(ctx.base, ctx.admin);
  const value = /(?:^|; )(?:__Secure-)?next-auth\.session-token=([^;]+)/.exec(session.cookie ?? '')?.[1];
  if (!value) {
    check('session cookie under one name', false, `signing in set no session cookie: ${session.cookie}`);
    return;
  }
  const secure = ctx.base.startsWith('https:');
  const right = `${secure ? '__Secure-' : ''}next-auth.session-token=${value}`;
  const other = `${secure ? '' : '__Secure-'}next-auth.session-token=${value}`;
  const ok = await request(`${ctx.base}/api/user`, { headers: { Cookie: right } });
  const api = await request(`${ctx.base}/api/user`, { headers: { Cookie: other } });
  const page = await request(`${ctx.base}/`, { headers: { Cookie: other } });
  const toLogin =
    page.status >= 300 && page.status < 400 && /\/login/.test(String(page.headers.location ?? ''));
  check(
    'session cookie under one name',
    ok.status === 200 && api.status === 401 && toLogin,
    `${secure ? 'https' : 'http'}: under its own name GET /api/user ${ok.status}; the same session under ` +
      `${secure ? 'the plain' : 'the __Secure-'} name gets GET /api/user ${api.status} and GET / ${page.status}` +
      `${toLogin ? ' (to the login page)' : ''}`,
  );
}
