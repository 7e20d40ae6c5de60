/**
 * Title case for people's names (spec section 5): every word, and every part after a hyphen or an apostrophe,
 * starts with a capital: "mary-jane o'neil" → "Mary-Jane O'Neil". Extra spaces are removed.
 */
export function titleCaseName(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('en-GB')
    .replace(
      /(^|[\s\-'’])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toLocaleUpperCase('en-GB'),
    );
}
