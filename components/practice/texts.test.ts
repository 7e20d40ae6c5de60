import {
  confidenceLabel,
  confirmedHighText,
  confirmHighLabel,
  decidedText,
  eventLine,
  formatEventDate,
  promptText,
  sourceLabel,
} from './texts';

describe("the words of the practice's proposals", () => {
  it('writes the record’s day in en-GB, whatever the clocks do', () => {
    expect(formatEventDate('2026-11-03')).toBe('3 Nov 2026');
    // Summer time: midnight UTC would still be the same day, and midday keeps it so everywhere.
    expect(formatEventDate('2026-07-01')).toBe('1 Jul 2026');
    expect(formatEventDate('2026-03-29')).toBe('29 Mar 2026');
  });

  it('says what happened and when', () => {
    expect(eventLine('treatment_started', '2026-11-03')).toBe('Completed appointment on 3 Nov 2026');
    expect(eventLine('first_visit', '2026-10-20')).toBe('First visit on 20 Oct 2026');
    expect(eventLine('payment', '2026-01-05')).toBe('Payment on 5 Jan 2026');
  });

  it('labels the confidence and the source', () => {
    expect(confidenceLabel('high')).toBe('High confidence');
    expect(confidenceLabel('low')).toBe('Low confidence');
    expect(sourceLabel('dentally')).toBe('Dentally');
    expect(sourceLabel('exact-csv')).toBe('exact-csv');
  });

  it('says what a decision did', () => {
    expect(decidedText('Amy Pond', 'confirmed')).toBe('Story Started for Amy Pond: Payment Due.');
    expect(decidedText('Amy Pond', 'confirmed', 200)).toBe('Story Started for Amy Pond: Payment Due £200.');
    expect(decidedText('Amy Pond', 'confirmed', 37.5)).toBe('Story Started for Amy Pond: Payment Due £37.50.');
    expect(decidedText('Amy Pond', 'rejected')).toBe('Noted: not this person.');
    expect(confirmedHighText(0)).toBe('Nothing was confirmed: no high-confidence proposal was still open.');
    expect(confirmedHighText(1)).toBe('Story Started for 1 referral: Payment Due.');
    expect(confirmedHighText(1200)).toBe('Story Started for 1,200 referrals: Payment Due.');
    expect(confirmHighLabel(4)).toBe('Confirm all high-confidence (4)');
  });

  it('prompts on the dashboard only when there is something to confirm', () => {
    expect(promptText(0)).toBeNull();
    expect(promptText(1)).toBe('Started treatment? 1 to confirm');
    expect(promptText(1500)).toBe('Started treatment? 1,500 to confirm');
  });
});
