import { clientIp, limitAddress } from './client-ip';

const headers = (xff?: string) => new Headers(xff ? { 'x-forwarded-for': xff } : {});

describe('clientIp', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXIES;
  });

  it('takes the address the server itself saw, not one the caller wrote in front of it', () => {
    expect(clientIp(headers('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
  });

  it('skips the trusted proxies in front of the app', () => {
    process.env.TRUSTED_PROXIES = '1';
    expect(clientIp(headers('6.6.6.6, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
  });

  it('copes with no header at all', () => {
    expect(clientIp(headers())).toBe('unknown');
  });
});

describe('limitAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    // IPv4-mapped IPv6 (a dual-stack socket's view of an IPv4 caller) is the IPv4 address, in any spelling.
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '203.0.113.9'],
    // IPv6: the /64, however the address is written.
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    // Not an address: kept as it is.
    ['unknown', 'unknown'],
    ['2001:db8::1::2', '2001:db8::1::2'],
    ['2001:db8:1:2:3:4:5:6:7', '2001:db8:1:2:3:4:5:6:7'],
    ['::ffff:999.0.0.1', '::ffff:999.0.0.1'],
  ])('%p counts as %p', (address, key) => {
    expect(limitAddress(address)).toBe(key);
  });

  it('puts every address of one /64 under one key, and the next /64 under another', () => {
    const keys = new Set(
      ['2001:db8:aa:bb::1', '2001:db8:aa:bb:1234:5678:9abc:def0', '2001:db8:aa:bb::ffff'].map(limitAddress),
    );
    expect(keys).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(limitAddress('2001:db8:aa:bc::1')).not.toBe(limitAddress('2001:db8:aa:bb::1'));
  });
});
