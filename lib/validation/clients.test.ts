import {
  ACCOUNT_NAME_LENGTH_TEXT,
  ACCOUNT_NAME_TEXT,
  ACCOUNT_NUMBER_TEXT,
  createClientSchema,
  FILL_ALL_FIELDS_TEXT,
  NAMES_REQUIRED_TEXT,
  SORT_CODE_TEXT,
  updateClientSchema,
} from './clients';
import { formatSortCodeInput } from '@/lib/format';

const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('createClientSchema (Add Client)', () => {
  it('title-cases names, lower-cases the email and treats a blank company as none', () => {
    expect(
      createClientSchema.parse({
        firstName: ' jane ',
        lastName: 'SMITH',
        email: ' Jane@Example.COM ',
        affiliateCompany: ' ',
      }),
    ).toEqual({ firstName: 'Jane', lastName: 'Smith', email: 'jane@example.com', affiliateCompany: null });
  });

  it.each([
    [{ lastName: 'Smith', email: 'a@b.co' }, FILL_ALL_FIELDS_TEXT],
    [{ firstName: 'Jane', lastName: '  ', email: 'a@b.co' }, FILL_ALL_FIELDS_TEXT],
    [{ firstName: 'Jane', lastName: 'Smith', email: '' }, FILL_ALL_FIELDS_TEXT],
    [{ firstName: 'Jane', lastName: 'Smith', email: 'jane@' }, 'Please enter a valid email address'],
  ])('refuses %p with the spec message', (input, message) => {
    expect(first(createClientSchema.safeParse(input))).toBe(message);
  });
});

describe('updateClientSchema', () => {
  it('needs both names together', () => {
    expect(first(updateClientSchema.safeParse({ firstName: 'Jane' }))).toBe(NAMES_REQUIRED_TEXT);
    expect(first(updateClientSchema.safeParse({ firstName: 'Jane', lastName: '' }))).toBe(
      NAMES_REQUIRED_TEXT,
    );
  });

  it('checks BACS details with the spec messages', () => {
    expect(first(updateClientSchema.safeParse({ sortCode: '123456', accountNumber: '12345678' }))).toBe(
      SORT_CODE_TEXT,
    );
    expect(first(updateClientSchema.safeParse({ sortCode: '12-34-56', accountNumber: '1234567' }))).toBe(
      ACCOUNT_NUMBER_TEXT,
    );
    expect(
      updateClientSchema.safeParse({
        sortCode: '12-34-56',
        accountNumber: '12345678',
        accountName: 'J Smith',
      }).success,
    ).toBe(true);
    expect(updateClientSchema.safeParse({ sortCode: null, accountNumber: null }).success).toBe(true);
    expect(updateClientSchema.safeParse({ sortCode: '12-34-56' }).success).toBe(false);
  });

  it("needs the account holder's name with new details (Confirmation of Payee), at most 60 characters", () => {
    expect(first(updateClientSchema.safeParse({ sortCode: '12-34-56', accountNumber: '12345678' }))).toBe(
      ACCOUNT_NAME_TEXT,
    );
    expect(
      first(
        updateClientSchema.safeParse({ sortCode: '12-34-56', accountNumber: '12345678', accountName: ' ' }),
      ),
    ).toBe(ACCOUNT_NAME_TEXT);
    expect(
      first(
        updateClientSchema.safeParse({
          sortCode: '12-34-56',
          accountNumber: '12345678',
          accountName: 'x'.repeat(61),
        }),
      ),
    ).toBe(ACCOUNT_NAME_LENGTH_TEXT);
    expect(first(updateClientSchema.safeParse({ accountName: 'J Smith' }))).toBe(
      'Enter both the sort code and the account number',
    );
    expect(
      updateClientSchema.safeParse({ sortCode: null, accountNumber: null, accountName: null }).success,
    ).toBe(true);
  });

  it('leaves the affiliate company alone unless it is sent, and clears it when blank', () => {
    expect(updateClientSchema.parse({ firstName: 'jo', lastName: 'bloggs' })).not.toHaveProperty(
      'affiliateCompany',
    );
    expect(updateClientSchema.parse({ affiliateCompany: '' }).affiliateCompany).toBeNull();
    expect(updateClientSchema.parse({ affiliateCompany: null }).affiliateCompany).toBeNull();
  });

  it('refuses an empty update and unknown fields', () => {
    expect(first(updateClientSchema.safeParse({}))).toBe('Nothing to update');
    expect(updateClientSchema.safeParse({ cardNumber: 'SC-AAAA-AAAA-AAAA' }).success).toBe(false);
  });
});

describe('formatSortCodeInput', () => {
  it.each([
    ['1', '1'],
    ['123', '12-3'],
    ['123456', '12-34-56'],
    ['12-34-5678', '12-34-56'],
    ['ab12 34x56', '12-34-56'],
  ])('%p → %p', (input, expected) => {
    expect(formatSortCodeInput(input)).toBe(expected);
    expect(formatSortCodeInput(input).length).toBeLessThanOrEqual(8);
  });
});
