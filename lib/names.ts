/**
 * People's names as they typed them (issue 16): a name typed all in lower case or all in upper case is
 * title-cased ("mary-jane o'neil" → "Mary-Jane O'Neil", "O'NEILL" → "O'Neill", "mcdonald" → "McDonald");
 * a name typed with both ("McDonald", "de la Cruz", "DeShawn") is kept exactly as typed. Extra spaces go.
 */

/** Mac-names that are not Mac + a capitalised name: "Mack", "Macey", "Machin" stay as they are. */
const NOT_MAC = new Set([
  'mac',
  'mack',
  'macy',
  'macey',
  'mace',
  'mach',
  'machin',
  'machon',
  'macias',
  'mackie',
  'mackey',
  'macon',
  'macha',
  'macho',
  'mackle',
  'maclin',
]);

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase('en-GB') + word.slice(1);
}

/** One lower-cased part of a name (between spaces, hyphens and apostrophes), capitalised. */
function namePart(part: string): string {
  if (/^mc\p{L}{2,}/u.test(part)) return `Mc${capitalise(part.slice(2))}`;
  if (/^mac\p{L}{3,}/u.test(part) && !NOT_MAC.has(part)) return `Mac${capitalise(part.slice(3))}`;
  return capitalise(part);
}

export function titleCaseName(value: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  const lower = name.toLocaleLowerCase('en-GB');
  const upper = name.toLocaleUpperCase('en-GB');
  // Typed with care (both cases): kept as it is.
  if (name !== lower && name !== upper) return name;
  return lower.replace(/\p{L}+/gu, (part, offset: number) => {
    // Only a part at the start of a word, or after a hyphen or apostrophe, begins with a capital.
    const before = offset === 0 ? ' ' : lower[offset - 1]!;
    return /[\s\-'’]/.test(before) ? namePart(part) : part;
  });
}

/** A person's name as the app writes it: first and last, one space between. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
