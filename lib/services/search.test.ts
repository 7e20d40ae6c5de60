import { escapeLike, inOrder, pageOf, phoneDigits, searchPatterns } from './search';

describe('escapeLike', () => {
  it("makes LIKE's wildcards and its escape character match themselves", () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe('searchPatterns', () => {
  it('matches a word of three or more characters anywhere, lower-cased', () => {
    expect(searchPatterns('Smith')).toEqual([['%smith%']]);
  });
  it('matches a shorter word at the start of a field or of a word in it', () => {
    expect(searchPatterns('jo')).toEqual([['jo%', '% jo%']]);
  });
  it('takes each word on its own, at most five, ignoring extra spaces', () => {
    expect(searchPatterns('  jane   sm  ')).toEqual([['%jane%'], ['sm%', '% sm%']]);
    expect(searchPatterns('a b c d e f g')).toHaveLength(5);
  });
  it('escapes wildcards typed in the search', () => {
    expect(searchPatterns('100%')).toEqual([['%100\\%%']]);
  });
  it('gives nothing for a blank search', () => {
    expect(searchPatterns('   ')).toEqual([]);
  });
});

describe('phoneDigits', () => {
  it.each([
    ['07123 456789', '7123456789'],
    ['+44 7123 456789', '447123456789'],
    ['(0)7123-456789', '7123456789'],
    ['7123', '7123'],
  ])('reads %p as the digits of a stored number', (query, digits) => {
    expect(phoneDigits(query)).toBe(digits);
  });
  it.each(['jane', '123', 'jane 07123', '+'])('is not a phone search: %p', (query) => {
    expect(phoneDigits(query)).toBeNull();
  });
});

describe('pageOf', () => {
  const rows = [3, 2, 1].map((n) => ({ id: `id${n}`, createdAt: new Date(2026, 0, n) }));
  it('keeps a short page whole, with no next page', () => {
    expect(pageOf(rows, 3)).toEqual({ rows, next: null });
  });
  it('cuts the extra row and points the cursor at the last row kept', () => {
    expect(pageOf(rows, 2)).toEqual({
      rows: rows.slice(0, 2),
      next: { id: 'id2', createdAt: rows[1]!.createdAt },
    });
  });
});

describe('inOrder', () => {
  it('puts rows back in the order of the ids, dropping ids with no row', () => {
    expect(inOrder(['b', 'x', 'a'], [{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'b' }, { id: 'a' }]);
  });
});
