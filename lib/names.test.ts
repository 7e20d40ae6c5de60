import { titleCaseName } from './names';

describe('titleCaseName', () => {
  it.each([
    ['jane', 'Jane'],
    ['SMITH', 'Smith'],
    ["  mary-jane   o'neil ", "Mary-Jane O'Neil"],
    ["O'NEILL", "O'Neill"],
    ['o’neill', 'O’Neill'],
    ['mcdonald', 'McDonald'],
    ['MCDONALD', 'McDonald'],
    ['macdonald', 'MacDonald'],
    ['MACKENZIE', 'MacKenzie'],
    ['mack', 'Mack'],
    ['machin', 'Machin'],
    ['smith-jones', 'Smith-Jones'],
    ['ZOË ÉLODIE', 'Zoë Élodie'],
    ['van der berg', 'Van Der Berg'],
  ])('title-cases %p, typed in one case, as %p', (input, expected) => {
    expect(titleCaseName(input)).toBe(expected);
  });

  it.each([
    ['McDonald', 'McDonald'],
    ['de la Cruz', 'de la Cruz'],
    ['DeShawn', 'DeShawn'],
    ['Mackenzie', 'Mackenzie'],
    ["o'Neill  Smith ", "o'Neill Smith"],
  ])('keeps %p, typed with both cases, as typed', (input, expected) => {
    expect(titleCaseName(input)).toBe(expected);
  });
});
