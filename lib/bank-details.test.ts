import { randomBytes } from 'node:crypto';
import {
  bacsText,
  bankChangeDetails,
  bankFileSortCode,
  heldPaymentText,
  maskAccountNumber,
  lastFourSortCode,
  maskSortCode,
  sameBankDetails,
} from './bank-details';
import { bankAccountHash } from './crypto';

describe('masks', () => {
  it('keeps only the last digits', () => {
    expect(maskSortCode('12-34-56')).toBe('**-**-56');
    expect(maskAccountNumber('12345678')).toBe('****5678');
  });
});

describe('bankChangeDetails', () => {
  const a = { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Jane Smith' };
  const b = { sortCode: '65-43-21', accountNumber: '87654321', accountName: 'John Doe' };

  it('says set, changed or removed, with the numbers masked and never whole', () => {
    expect(bankChangeDetails(null, a, 'not held')).toBe('Set: none → sort code **-**-56, account ****5678');
    const changed = bankChangeDetails(a, b, 'held');
    expect(changed).toBe(
      "Changed: sort code **-**-56, account ****5678 → sort code **-**-21, account ****4321; account holder's name changed; payments held until a full admin approves",
    );
    expect(changed).not.toContain('12345678');
    expect(changed).not.toContain('87654321');
    expect(bankChangeDetails(a, null, 'hold cleared')).toBe(
      'Removed: sort code **-**-56, account ****5678 → none; an earlier hold is cleared',
    );
  });

  it('compares the numbers and the name (case apart)', () => {
    expect(sameBankDetails(a, { ...a, accountName: ' jane smith ' })).toBe(true);
    expect(sameBankDetails(a, { ...a, accountNumber: '12345679' })).toBe(false);
    expect(sameBankDetails(null, null)).toBe(true);
  });
});

describe('heldPaymentText', () => {
  it('names who changed the details and when, in UK time', () => {
    expect(heldPaymentText('Jane Smith', 'staff@clinic.test', '2026-07-01T08:05:00Z')).toBe(
      'Payments to Jane Smith are on hold: their bank details were changed by staff@clinic.test on 01/07/2026, 09:05 (UK time). A full admin must approve the new details before anything is paid.',
    );
  });
});

describe('bank file fields', () => {
  it('keeps names and references to what Bacs carries, 18 characters at most', () => {
    expect(bacsText('Zoë O’Brien-Smith & Co.')).toBe('ZOE OBRIEN-SMITH &');
    expect(bacsText('=cmd|calc')).toBe('CMDCALC');
    expect(bacsText('SC-ABCD-EFGH-JKLM')).toBe('SC-ABCD-EFGH-JKLM');
    expect(bankFileSortCode('12-34-56')).toBe('123456');
  });
});

describe('bankAccountHash', () => {
  const key = randomBytes(32);
  it('is the same for the same account however it is written, and depends on the key', () => {
    expect(bankAccountHash('12-34-56', '12345678', key)).toBe(bankAccountHash('123456', '12345678', key));
    expect(bankAccountHash('12-34-56', '12345678', key)).not.toBe(
      bankAccountHash('12-34-56', '12345679', key),
    );
    expect(bankAccountHash('12-34-56', '12345678', key)).not.toBe(
      bankAccountHash('12-34-56', '12345678', randomBytes(32)),
    );
  });
});

describe('lastFourSortCode (issue 29, point 8: what an approval shows)', () => {
  it('masks all but the last four digits, however the sort code was typed', () => {
    expect(lastFourSortCode('12-34-56')).toBe('**-34-56');
    expect(lastFourSortCode('123456')).toBe('**-34-56');
    expect(lastFourSortCode('12 34 56')).toBe('**-34-56');
  });
});
