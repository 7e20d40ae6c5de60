import { canSaveAmount, updateSettingsSchema } from './settings';

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
    ['100001', 200, false],
  ])('%p against saved %p → %p', (input, saved, expected) => {
    expect(canSaveAmount(input, saved)).toBe(expected);
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
