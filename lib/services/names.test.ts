import { brandedSlugBase, titleCaseName } from './names';

describe('titleCaseName', () => {
  it.each([
    ['jane', 'Jane'],
    ['SMITH', 'Smith'],
    ["  mary-jane   o'neil ", "Mary-Jane O'Neil"],
    ['zoë ÉLODIE', 'Zoë Élodie'],
    ['van der berg', 'Van Der Berg'],
  ])('%p → %p', (input, expected) => {
    expect(titleCaseName(input)).toBe(expected);
  });
});

describe('brandedSlugBase', () => {
  it('joins the names in title case, letters and digits only', () => {
    expect(brandedSlugBase('jane', 'smith')).toBe('JaneSmith');
    expect(brandedSlugBase('Mary-Jane', "O'Neil")).toBe('MaryJaneONeil');
    expect(brandedSlugBase('Zoë', 'Brontë')).toBe('ZoeBronte');
  });

  it('never gives an empty slug', () => {
    expect(brandedSlugBase('李', '雷')).toBe('Card');
  });
});
