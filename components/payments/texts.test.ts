import { periodLabel } from '@/lib/period';
import { formatDate } from '@/lib/format';
import {
  auditActionLabel,
  bacsText,
  conversionsLabel,
  daysDescription,
  daysLabel,
  daysUrgency,
  paidText,
  rewardChangeNote,
  summaryHeading,
} from './texts';

describe('rewardChangeNote', () => {
  it('says from and to which amount, by whom and on which day (issue 28)', () => {
    expect(
      rewardChangeNote({ from: 200, to: 350.5, by: 'admin@clinic.test', at: '2026-01-05T10:00:00.000Z' }),
    ).toBe(
      `Amount changed from £200 to £350.50 by admin@clinic.test on ${formatDate('2026-01-05T10:00:00.000Z')}`,
    );
  });
});

describe('texts', () => {
  it('names the period and the summary heading', () => {
    expect(periodLabel({ year: 2026, month: 1 })).toBe('January 2026');
    expect(summaryHeading({ year: 2025, month: 12 })).toBe('December 2025 Payment Summary');
  });

  it("says 'today', '1 day' and 'N days' with en-GB grouping", () => {
    expect(daysLabel(0)).toBe('today');
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(12)).toBe('12 days');
    expect(daysLabel(1024)).toBe('1,024 days');
    expect(daysDescription(0)).toBe('The story started today');
    expect(daysDescription(5)).toBe('5 days since the story started');
  });

  it('grows more urgent after a week and after a month', () => {
    expect(daysUrgency(0)).toBe('calm');
    expect(daysUrgency(7)).toBe('calm');
    expect(daysUrgency(8)).toBe('waiting');
    expect(daysUrgency(31)).toBe('late');
  });

  it('counts conversions', () => {
    expect(conversionsLabel(1)).toBe('1 conversion');
    expect(conversionsLabel(2)).toBe('2 conversions');
    expect(conversionsLabel(1500)).toBe('1,500 conversions');
  });

  it('labels audit actions Paid, Undone and Cancelled', () => {
    expect(auditActionLabel('payment_marked')).toBe('Paid');
    expect(auditActionLabel('bank_details_changed')).toBe('Bank details changed');
    expect(auditActionLabel('bank_details_approved')).toBe('Bank details approved');
    expect(auditActionLabel('payment_undone')).toBe('Undone');
    expect(auditActionLabel('reward_cancelled')).toBe('Cancelled');
    expect(auditActionLabel('story_started')).toBe('Story Started');
  });
});

describe('bacsText', () => {
  it("shows 'BACS: sort code / account number' only when both are present", () => {
    expect(bacsText({ sortCode: '12-34-56', accountNumber: '12345678' })).toBe('BACS: 12-34-56 / 12345678');
    expect(bacsText({ sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Jane Smith' })).toBe(
      'BACS: 12-34-56 / 12345678 (Jane Smith)',
    );
    expect(bacsText({ sortCode: '12-34-56', accountNumber: null })).toBeNull();
    expect(bacsText({ sortCode: null, accountNumber: '12345678' })).toBeNull();
  });
});

describe('paidText (issue 29: what an undo did to the reward-paid email)', () => {
  it('says the email was cancelled, or that a correction is on its way', () => {
    expect(paidText('undo', 200, 'Amy Pond', undefined, 'cancelled')).toBe(
      'Payment undone: £200 owed for Amy Pond: the “reward paid” email was cancelled before it went',
    );
    expect(paidText('undo', 200, 'Amy Pond', undefined, 'correction')).toBe(
      'Payment undone: £200 owed for Amy Pond: the client had been emailed, so a short correction is on its way',
    );
    expect(paidText('undo', 200, 'Amy Pond')).toBe('Payment undone: £200 owed for Amy Pond');
  });
});
