import { clientIp } from './client-ip';

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
