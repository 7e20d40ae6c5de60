import { retryDelaySeconds, RETRY_DELAYS_SECONDS, transportUrl } from './dispatch';

jest.mock('@/lib/db', () => ({ db: {} }));

describe('the sender', () => {
  it('retries first within 30 seconds, then waits longer each time, up to four hours', () => {
    expect(retryDelaySeconds(1)).toBeLessThanOrEqual(30);
    for (let attempt = 2; attempt <= RETRY_DELAYS_SECONDS.length; attempt++) {
      expect(retryDelaySeconds(attempt)).toBeGreaterThan(retryDelaySeconds(attempt - 1));
    }
    expect(retryDelaySeconds(50)).toBe(4 * 60 * 60);
    // Enough attempts fit in 24 hours to ride out a day-long outage of the mail server.
    const total = Array.from({ length: 14 }, (_, i) => retryDelaySeconds(i + 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(24 * 60 * 60);
  });

  it('pools connections with timeouts, unless the URL says otherwise', () => {
    const url = new URL(transportUrl('smtp://user:p%40ss@mail.example:587'));
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('maxConnections')).toBe('3');
    expect(url.searchParams.get('socketTimeout')).toBe('30000');
    expect(url.password).toBe('p%40ss');
    const own = new URL(transportUrl('smtps://mail.example:465?maxConnections=1'));
    expect(own.searchParams.get('maxConnections')).toBe('1');
  });
});
