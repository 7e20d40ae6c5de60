import { applyPhoneEdit, formatNationalNumber, splitInternationalNumber } from './phone-input';

describe('formatNationalNumber', () => {
  it.each([
    ['7123456789', 'GB', '7123 456789'],
    ['712', 'GB', '712'],
    ['71234', 'GB', '7123 4'],
    ['71234567890', 'GB', '7123 456789 0'],
    ['2015550123', 'US', '201 555 0123'],
    ['6045550123', 'CA', '604 555 0123'],
    ['20155', 'US', '201 55'],
    ['612345678', 'FR', '612345678'],
    ['71a2-3 4', 'GB', '7123 4'],
  ] as const)('%p in %p → %p', (input, iso, expected) => {
    expect(formatNationalNumber(input, iso)).toBe(expected);
  });

  it('keeps a national trunk 0 in front of the groups, as Britons write a mobile', () => {
    expect(formatNationalNumber('07123456789', 'GB')).toBe('07123 456789');
    expect(formatNationalNumber('0', 'GB')).toBe('0');
  });

  it('leaves Italian numbers, whose 0 is part of the number, unspaced', () => {
    expect(formatNationalNumber('0612345678', 'IT')).toBe('0612345678');
  });

  it('keeps at most 15 digits after the trunk 0', () => {
    expect(formatNationalNumber('1234567890123456789', 'FR')).toBe('123456789012345');
  });
});

describe('applyPhoneEdit', () => {
  it('formats as digits are typed at the end, the caret following', () => {
    expect(applyPhoneEdit({ previous: '7123', raw: '71234', caret: 5, iso: 'GB' })).toEqual({
      value: '7123 4',
      caret: 6,
    });
  });

  it('drops anything but digits', () => {
    expect(applyPhoneEdit({ previous: '7123', raw: '7123a', caret: 5, iso: 'GB' })).toEqual({
      value: '7123',
      caret: 4,
    });
    expect(applyPhoneEdit({ previous: '', raw: '+', caret: 1, iso: 'GB' })).toEqual({ value: '', caret: 0 });
  });

  it('keeps the caret after the same digit when a digit is inserted in the middle', () => {
    // '7123 45' with a 0 typed after the 2: '71203 45' → '7120 345', the caret still after the 0.
    const result = applyPhoneEdit({ previous: '7123 45', raw: '71203 45', caret: 4, iso: 'GB' });
    expect(result).toEqual({ value: '7120 345', caret: 4 });
    // Typed just after the space: '7123 45' → '7123 945', the caret after the 9.
    expect(applyPhoneEdit({ previous: '7123 45', raw: '7123 945', caret: 6, iso: 'GB' })).toEqual({
      value: '7123 945',
      caret: 6,
    });
  });

  it('Backspace just after a space deletes the digit before it', () => {
    // Caret after '7123 ', Backspace removes the space: the 3 goes instead.
    const result = applyPhoneEdit({
      previous: '7123 456789',
      raw: '7123456789',
      caret: 4,
      iso: 'GB',
      inputType: 'deleteContentBackward',
    });
    expect(result).toEqual({ value: '7124 56789', caret: 3 });
  });

  it('Delete just before a space deletes the digit after it', () => {
    const result = applyPhoneEdit({
      previous: '201 555 0123',
      raw: '201555 0123',
      caret: 3,
      iso: 'US',
      inputType: 'deleteContentForward',
    });
    expect(result).toEqual({ value: '201 550 123', caret: 3 });
  });

  it('formats a whole number arriving at once (autofill, fill) with the caret at the end', () => {
    expect(applyPhoneEdit({ previous: '', raw: '7123456789', caret: 10, iso: 'GB' })).toEqual({
      value: '7123 456789',
      caret: 11,
    });
    expect(applyPhoneEdit({ previous: '', raw: '2015550123', caret: null, iso: 'US' })).toEqual({
      value: '201 555 0123',
      caret: 12,
    });
  });
});

describe('splitInternationalNumber', () => {
  it('finds the country of a pasted international number', () => {
    expect(splitInternationalNumber('+44 7123 456789', 'US')).toEqual({ iso: 'GB', national: '7123 456789' });
    expect(splitInternationalNumber('0044 (0)7123 456789', 'GB')).toEqual({
      iso: 'GB',
      national: '07123 456789',
    });
    expect(splitInternationalNumber('+353 85 123 4567', 'GB')).toEqual({ iso: 'IE', national: '851234567' });
    expect(splitInternationalNumber('+33 6 12 34 56 78', 'GB')).toEqual({ iso: 'FR', national: '612345678' });
  });

  it('keeps Canada when Canada is chosen and the code is +1, and picks the United States otherwise', () => {
    expect(splitInternationalNumber('+1 (604) 555-0123', 'CA')).toEqual({
      iso: 'CA',
      national: '604 555 0123',
    });
    expect(splitInternationalNumber('+1 201 555 0123', 'GB')).toEqual({
      iso: 'US',
      national: '201 555 0123',
    });
  });

  it('leaves national numbers and unknown codes alone', () => {
    expect(splitInternationalNumber('7123 456789', 'GB')).toBeNull();
    expect(splitInternationalNumber('07123 456789', 'GB')).toBeNull();
    expect(splitInternationalNumber('+81 90 1234 5678', 'GB')).toBeNull();
    expect(splitInternationalNumber('+44', 'GB')).toBeNull();
  });
});
