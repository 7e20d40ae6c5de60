import { titleCaseName } from './names';

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
