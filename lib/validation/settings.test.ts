import { amountInputProblem, canSaveAmount, updateSettingsSchema } from './settings';

describe('canSaveAmount (spec section 5: changed, non-empty, an integer above 0)', () => {
  it.each([
    ['250', 200, true],
    ['200', 200, false],
    ['', 200, false],
    ['  ', 200, false],
    ['0', 200, false],
    ['-3', 200, false],
    ['1.5', 200, false],
    ['abc', 200, false],
    ['1', 200, true],
    ['5000', 200, true],
    ['5001', 200, false],
    ['100001', 200, false],
  ])('%p against saved %p → %p', (input, saved, expected) => {
    expect(canSaveAmount(input, saved)).toBe(expected);
  });
});

describe('the £5,000 ceiling (issue 14, point 8)', () => {
  it('is refused with a clear message, in the schema the form and the route share', () => {
    const reward = updateSettingsSchema.safeParse({ referralRewardAmount: 5001 });
    expect(reward.success || reward.error.issues[0]?.message).toBe('The reward cannot be more than £5,000.');
    const bonus = updateSettingsSchema.safeParse({ teamBonusAmount: 5001 });
    expect(bonus.success || bonus.error.issues[0]?.message).toBe(
      'The team bonus cannot be more than £5,000.',
    );
    expect(updateSettingsSchema.parse({ referralRewardAmount: 5000 })).toEqual({
      referralRewardAmount: 5000,
    });
  });

  it('is what an amount card says for a typed amount above it', () => {
    expect(amountInputProblem('referralRewardAmount', '6000')).toBe('The reward cannot be more than £5,000.');
    expect(amountInputProblem('teamBonusAmount', '5001')).toBe('The team bonus cannot be more than £5,000.');
    expect(amountInputProblem('referralRewardAmount', '5000')).toBeNull();
    expect(amountInputProblem('referralRewardAmount', '')).toBeNull();
    expect(amountInputProblem('referralRewardAmount', '12.5')).toBeNull();
  });
});

describe('updateSettingsSchema', () => {
  it('accepts either amount alone, in whole pounds', () => {
    expect(updateSettingsSchema.parse({ teamBonusAmount: 12 })).toEqual({ teamBonusAmount: 12 });
  });

  it('refuses unknown fields rather than ignoring them', () => {
    expect(updateSettingsSchema.safeParse({ referralRewardAmount: 5, isFullAdmin: true }).success).toBe(
      false,
    );
  });
});
