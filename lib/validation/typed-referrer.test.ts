import {
  readTypedReferrer,
  recommendedByError,
  RECOMMENDED_BY_TOO_LONG_TEXT,
  typedCardNumber,
} from './typed-referrer';
import { INVISIBLE_NAME_TEXT } from './names';

describe("'Who recommended you?' (issue 29, point 4)", () => {
  it('reads a card number however it was typed, as the cards print it', () => {
    for (const typed of [
      'SC-AB2C-DE3F-GH4J',
      'sc-ab2c-de3f-gh4j',
      ' sc ab2c de3f gh4j ',
      'SCAB2CDE3FGH4J',
      'SC.AB2C.DE3F.GH4J',
      'SC–AB2C–DE3F–GH4J',
    ]) {
      expect({ typed, card: typedCardNumber(typed) }).toEqual({ typed, card: 'SC-AB2C-DE3F-GH4J' });
    }
    // A number with letters the cards never use is still a number (kept for staff), not a name.
    expect(typedCardNumber('SC-1O00-0000-0000')).toBe('SC-1O00-0000-0000');
  });

  it('takes anything else as the referrer’s name', () => {
    for (const typed of ['Jane Smith', 'Scott', 'SC-AB2C', 'SC-AB2C-DE3F-GH4J-K', 'Dr Sc Abcd']) {
      expect(typedCardNumber(typed)).toBeNull();
    }
    expect(readTypedReferrer('  Jane Smith ')).toEqual({ recommendedBy: 'Jane Smith' });
    expect(readTypedReferrer('sc-ab2c-de3f-gh4j')).toEqual({ referrerId: 'SC-AB2C-DE3F-GH4J' });
    expect(readTypedReferrer('   ')).toEqual({});
    expect(readTypedReferrer(undefined)).toEqual({});
  });

  it('is optional, at most 200 characters, and refuses invisible characters', () => {
    expect(recommendedByError('')).toBeUndefined();
    expect(recommendedByError(undefined)).toBeUndefined();
    expect(recommendedByError('x'.repeat(200))).toBeUndefined();
    expect(recommendedByError('x'.repeat(201))).toBe(RECOMMENDED_BY_TOO_LONG_TEXT);
    expect(recommendedByError('Jane\u202ESmith')).toBe(INVISIBLE_NAME_TEXT);
  });
});
