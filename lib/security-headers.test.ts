import {
  contentSecurityPolicy,
  newNonce,
  pageHeaders,
  securityHeaders,
  transportSecurityHeaders,
} from './security-headers';

describe('securityHeaders', () => {
  const byName = (dev: boolean) => Object.fromEntries(securityHeaders(dev).map((h) => [h.key, h.value]));

  it('forbids framing, sniffing and foreign scripts in production', () => {
    const h = byName(false);
    expect(h['Content-Security-Policy']).toMatch(/frame-ancestors 'none'/);
    expect(h['Content-Security-Policy']).toMatch(/default-src 'self'/);
    expect(h['Content-Security-Policy']).not.toMatch(/unsafe-eval/);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['X-Frame-Options']).toBe('DENY');
  });

  it("allows eval only for Next's dev server", () => {
    expect(byName(true)['Content-Security-Policy']).toMatch(/'unsafe-eval'/);
  });

  it('runs no inline script without a nonce: the default for answers that are not pages (issue 28 point 15)', () => {
    expect(scriptSrc(byName(false)['Content-Security-Policy']!)).toEqual(["'self'"]);
  });
});

/** The sources of one directive of a policy. */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  if (!found) throw new Error(`no ${name} in ${csp}`);
  return found.slice(1);
}
const scriptSrc = (csp: string) => directive(csp, 'script-src');

describe('the page CSP with a nonce (issue 28 point 15)', () => {
  it("allows scripts by the page's nonce and 'strict-dynamic', never 'unsafe-inline'", () => {
    const csp = contentSecurityPolicy({ nonce: 'abc123==' });
    expect(scriptSrc(csp)).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
    expect(scriptSrc(contentSecurityPolicy({ nonce: 'x', dev: true }))).toEqual([
      "'self'",
      "'nonce-x'",
      "'strict-dynamic'",
      "'unsafe-eval'",
    ]);
  });

  it('keeps style-src and the other directives as they were', () => {
    const csp = contentSecurityPolicy({ nonce: 'n' });
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
  });

  it('makes a new unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('sends pages with their nonce and Cache-Control: private, no-store (issue 28 point 12)', () => {
    const h = Object.fromEntries(pageHeaders({ nonce: 'n0nce' }).map((x) => [x.key, x.value]));
    expect(scriptSrc(h['Content-Security-Policy']!)).toContain("'nonce-n0nce'");
    expect(h['Cache-Control']).toBe('private, no-store');
  });
});

describe('transportSecurityHeaders (issue 14 point 11)', () => {
  it('sends HSTS when APP_URL is https', () => {
    expect(transportSecurityHeaders('https://referrals.clinic.example')).toEqual([
      { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    ]);
  });

  it.each([undefined, null, '', 'http://localhost:3000', 'http://referrals.clinic.example'])(
    'sends none for %p',
    (appUrl) => {
      expect(transportSecurityHeaders(appUrl)).toEqual([]);
    },
  );
});
