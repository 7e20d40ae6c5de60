import { securityHeaders, transportSecurityHeaders } from './security-headers';

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
