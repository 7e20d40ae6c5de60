import { QueryClient } from '@tanstack/react-query';
import { invalidateAreas } from './invalidate';
import { clientKeys, inboxKeys, paymentKeys, referralKeys } from './keys';

function clientWith(keys: readonly (readonly unknown[])[]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, 1);
  return qc;
}

const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

describe('invalidateAreas', () => {
  const keys = [
    clientKeys.list({ page: 1 }),
    clientKeys.detail('c1'),
    clientKeys.count(),
    clientKeys.bankChange('c1', '2026-11-26'),
    paymentKeys.outstanding(),
    referralKeys.byClient('c1'),
    inboxKeys.list(),
  ];

  it("asks for the clients' lists and single clients again, but not the count the page keeps", async () => {
    const qc = clientWith(keys);
    await invalidateAreas(qc, ['clients']);
    expect(stale(qc, clientKeys.list({ page: 1 }))).toBe(true);
    expect(stale(qc, clientKeys.detail('c1'))).toBe(true);
    expect(stale(qc, clientKeys.count())).toBe(false);
    expect(stale(qc, clientKeys.bankChange('c1', '2026-11-26'))).toBe(false);
    expect(stale(qc, paymentKeys.outstanding())).toBe(false);
  });

  it('asks for everything under the other areas named, and nothing else', async () => {
    const qc = clientWith(keys);
    await invalidateAreas(qc, ['payments', 'referrals']);
    expect(stale(qc, paymentKeys.outstanding())).toBe(true);
    expect(stale(qc, referralKeys.byClient('c1'))).toBe(true);
    expect(stale(qc, inboxKeys.list())).toBe(false);
    expect(stale(qc, clientKeys.detail('c1'))).toBe(false);
  });
});
