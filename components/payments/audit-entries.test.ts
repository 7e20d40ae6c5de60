import type { PaymentAuditEntryDto } from '@/lib/dto/payments';
import { mergeAuditEntries } from './audit-entries';

function entry(id: string, timestamp: string): PaymentAuditEntryDto {
  return {
    id,
    timestamp,
    action: 'payment_marked',
    clientName: 'Jane Doe',
    referralName: 'Bob Smith',
    amount: 200,
    performedBy: 'admin@clinic.test',
    details: null,
  };
}

describe('the audit log', () => {
  const e1 = entry('00000000-0000-0000-0000-000000000001', '2026-01-01T10:00:00.000Z');
  const e2 = entry('00000000-0000-0000-0000-000000000002', '2026-01-02T10:00:00.000Z');
  const e3 = entry('00000000-0000-0000-0000-000000000003', '2026-01-03T10:00:00.000Z');
  const e3b = entry('00000000-0000-0000-0000-000000000004', '2026-01-03T10:00:00.000Z');

  it('merges new entries once each, newest first (ties by id, as the server pages them)', () => {
    expect(mergeAuditEntries([e2, e1], [e3, e2])).toEqual([e3, e2, e1]);
    expect(mergeAuditEntries([e3], [e3b])).toEqual([e3b, e3]);
  });
});
