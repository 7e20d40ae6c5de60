import { securityHeaders } from './security-headers';

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
});
