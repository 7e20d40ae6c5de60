import {
  bankDetailsSubject,
  rewardCorrectionSubject,
  cardSubject,
  newReferralSubject,
  rewardPaidSubject,
  thankYouSubject,
} from './subjects';

describe('subject lines carry the clinic’s name (issue 29, point 11)', () => {
  const clinic = 'Bright Smile Dental';

  it('keeps the spec’s words and adds the name', () => {
    expect(cardSubject(clinic)).toBe('Your Referral Reward Card from Bright Smile Dental');
    expect(newReferralSubject('Amy Pond', clinic)).toBe('New referral for Bright Smile Dental: Amy Pond');
    expect(thankYouSubject(clinic)).toBe('Thank you: Bright Smile Dental will be in touch');
    expect(rewardPaidSubject(20_000, clinic)).toBe(
      'We’ve paid your £200.00 referral reward from Bright Smile Dental',
    );
    expect(bankDetailsSubject(clinic)).toBe(
      'Where should we pay your referral reward from Bright Smile Dental?',
    );
    expect(rewardCorrectionSubject(20_000, clinic)).toBe(
      'Our mistake: your £200.00 referral reward has not been paid yet – Bright Smile Dental',
    );
  });

  it('uses the spec’s subject as it is until the clinic has a name', () => {
    expect(cardSubject(null)).toBe('Your Referral Reward Card');
    expect(newReferralSubject('Amy Pond', '  ')).toBe('New referral: Amy Pond');
    expect(thankYouSubject(null)).toBe('Thank you: the clinic will be in touch');
    expect(rewardPaidSubject(20_000, null)).toBe('We’ve paid your £200.00 referral reward');
    expect(bankDetailsSubject(undefined)).toBe('Where should we pay your referral reward?');
    expect(rewardCorrectionSubject(20_000, null)).toBe(
      'Our mistake: your £200.00 referral reward has not been paid yet',
    );
  });
});
