import { clientIp } from './api/client-ip';
import { plainAddress, rewriteForwardedHeaders, trustedProxies } from './forwarded-headers';

type NodeHeaders = Record<string, string | string[] | undefined>;

/** What Next.js (and so clientIp) reads after scripts/server.js rewrote the headers. */
function rewritten(headers: NodeHeaders, socket: string, trusted: number) {
  const copy: NodeHeaders = { ...headers };
  const caller = rewriteForwardedHeaders(copy, socket, trusted);
  process.env.TRUSTED_PROXIES = String(trusted);
  const web = new Headers();
  for (const [name, value] of Object.entries(copy)) if (typeof value === 'string') web.set(name, value);
  return { headers: copy, caller, clientIp: clientIp(web) };
}

describe('rewriteForwardedHeaders', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXIES;
  });

  it('with no trusted proxy, drops whatever the caller wrote and keeps only the socket address', () => {
    const out = rewritten(
      {
        host: 'app.example',
        'x-forwarded-for': '6.6.6.6, 7.7.7.7',
        'x-real-ip': '8.8.8.8',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
        forwarded: 'for=9.9.9.9;host=evil.example',
      },
      '203.0.113.9',
      0,
    );
    expect(out.headers).toEqual({
      host: 'app.example',
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.9',
    });
    expect(out.caller).toBe('203.0.113.9');
    expect(out.clientIp).toBe('203.0.113.9');
  });

  it('gives every made-up address the same caller: the connection', () => {
    const callers = new Set(
      Array.from(
        { length: 50 },
        (_, i) => rewritten({ 'x-forwarded-for': `10.0.0.${i}` }, '198.51.100.7', 0).clientIp,
      ),
    );
    expect(callers).toEqual(new Set(['198.51.100.7']));
  });

  it('adds the socket address when nothing was forwarded', () => {
    expect(rewritten({}, '::ffff:192.0.2.1', 0).headers['x-forwarded-for']).toBe('192.0.2.1');
  });

  it("behind one trusted proxy: the proxy's hop is the caller, anything written before it is dropped", () => {
    const out = rewritten(
      { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-host': 'referrals.clinic.example' },
      '10.0.0.2',
      1,
    );
    expect(out.headers['x-forwarded-for']).toBe('203.0.113.9, 10.0.0.2');
    expect(out.headers['x-forwarded-host']).toBe('referrals.clinic.example');
    expect(out.headers['x-real-ip']).toBe('203.0.113.9');
    expect(out.clientIp).toBe('203.0.113.9');
  });

  it('behind two trusted proxies (CDN, then load balancer)', () => {
    const out = rewritten({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 172.16.0.1' }, '10.0.0.2', 2);
    expect(out.headers['x-forwarded-for']).toBe('203.0.113.9, 172.16.0.1, 10.0.0.2');
    expect(out.clientIp).toBe('203.0.113.9');
  });

  it('joins repeated X-Forwarded-For headers before choosing', () => {
    const out = rewritten({ 'x-forwarded-for': ['6.6.6.6', '203.0.113.9'] }, '10.0.0.2', 1);
    expect(out.headers['x-forwarded-for']).toBe('203.0.113.9, 10.0.0.2');
  });

  it('a trusted proxy that forwarded nothing: the proxy itself is the caller', () => {
    const out = rewritten({}, '10.0.0.2', 1);
    expect(out.headers['x-forwarded-for']).toBe('10.0.0.2');
    expect(out.clientIp).toBe('10.0.0.2');
  });
});

describe('trustedProxies', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['2', 2],
    ['-1', 0],
    ['1.5', 0],
    ['lots', 0],
    ['99', 10],
  ])('%p → %p', (value, expected) => {
    expect(trustedProxies(value)).toBe(expected);
  });
});

describe('plainAddress', () => {
  it('unwraps IPv4-mapped IPv6 addresses and keeps real IPv6 ones', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('::1')).toBe('::1');
    expect(plainAddress(undefined)).toBe('unknown');
  });
});
