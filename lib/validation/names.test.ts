import { isVisibleText, plainFirstName, PLAIN_FIRST_NAME_MAX } from './names';

describe('isVisibleText (issue 28, point 11)', () => {
  it.each([
    ['right-to-left override U+202E', 'Amy \u202Etxt.exe'],
    ['left-to-right override U+202D', 'Amy\u202DPond'],
    ['embeddings U+202A, U+202B and pop U+202C', 'A\u202Amy\u202C'],
    ['left-to-right isolate U+2066', 'Amy\u2066Pond'],
    ['right-to-left isolate U+2067', 'Amy\u2067Pond'],
    ['first-strong isolate U+2068', 'Amy\u2068Pond'],
    ['pop directional isolate U+2069', 'Amy\u2069Pond'],
    ['zero-width space U+200B', 'Am\u200By'],
    ['zero-width non-joiner U+200C', 'Am\u200Cy'],
    ['zero-width joiner U+200D', 'Am\u200Dy'],
    ['left-to-right mark U+200E', 'Amy\u200E'],
    ['right-to-left mark U+200F', 'Amy\u200F Pond'],
    ['Arabic letter mark U+061C', 'Amy\u061C'],
    ['word joiner U+2060', 'Am\u2060y'],
    ['byte order mark / zero-width no-break space U+FEFF', 'Am\uFEFFy'],
    ['soft hyphen U+00AD', 'Am\u00ADy'],
    ['tag characters U+E0041', 'Amy\u{E0041}'],
    ['escape (C0) U+001B', 'Amy\u001B[31mPond'],
    ['bell (C0) U+0007', 'Amy\u0007'],
    ['tab and newline (C0)', 'Amy\tPond'],
    ['carriage return (C0)', 'Amy\r\nBcc: x@example.com'],
    ['delete U+007F', 'Amy\u007F'],
    ['C1 control U+0085 (next line)', 'Amy\u0085Pond'],
    ['C1 control U+009B (CSI)', 'Amy\u009B31m'],
    ['line separator U+2028', 'Amy\u2028Pond'],
    ['paragraph separator U+2029', 'Amy\u2029Pond'],
    ['a lone surrogate', 'Amy\uD800'],
    ['Hangul filler U+3164 (a blank letter)', '\u3164'],
    ['combining grapheme joiner U+034F', 'A\u034Fmy'],
  ])('refuses %s', (_label, value) => {
    expect(isVisibleText(value)).toBe(false);
  });

  it.each([
    'Amy Pond',
    'Zoë Ó Súilleabháin',
    'Mary-Jane O’Neil',
    "D'Arcy",
    'مريم אביגיל',
    'Zoë 😀🦷',
    '<script>alert(1)</script>',
    "Robert'); DROP TABLE clients;--",
    'José\u0301', // a combining accent is part of a letter
    'Amy\u00A0Pond', // a no-break space is a visible space
  ])('accepts %j', (value) => {
    expect(isVisibleText(value)).toBe(true);
  });
});

describe('plainFirstName (the acknowledgement email greets nothing else, issue 28 point 7)', () => {
  it.each([
    ['Amy', 'Amy'],
    ['  Amy  ', 'Amy'],
    ['Zoë', 'Zoë'],
    ['Siân', 'Siân'],
    ['Mary Jane', 'Mary Jane'],
    ['Mary-Jane', 'Mary-Jane'],
    ["O'Neil", "O'Neil"],
    ['D’Arcy', 'D’Arcy'],
    ['Ana María José', 'Ana María José'],
    ['José\u0301', 'José\u0301'],
    ['Łukasz', 'Łukasz'],
    ['مريم', 'مريم'],
  ])('keeps the first name %j', (typed, greeted) => {
    expect(plainFirstName(typed)).toBe(greeted);
  });

  it.each([
    ['a phishing sentence', 'Your account is suspended: verify at https://evil.example/login now'],
    ['a link', 'evil.example'],
    ['an address', 'https://evil.example'],
    ['more than three words', 'Your account is locked'],
    ['digits', 'Amy2'],
    ['a colon', 'Note: call'],
    ['an email address', 'amy@example.com'],
    ['markup', '<b>Amy</b>'],
    ['emoji', 'Amy 😀'],
    ['a bidi override', 'Amy\u202E'],
    ['a zero-width space', 'Am\u200By'],
    ['a lone hyphen', '-'],
    ['a trailing hyphen', 'Amy-'],
    ['a leading apostrophe', "'Amy"],
    ['two hyphens', 'Amy--Pond'],
    ['a newline', 'Amy\nPond'],
    ['nothing', '   '],
    ['too long', 'A'.repeat(PLAIN_FIRST_NAME_MAX + 1)],
  ])('leaves out %s', (_label, typed) => {
    expect(plainFirstName(typed)).toBeNull();
  });

  it('takes nothing that is not text', () => {
    expect(plainFirstName(null)).toBeNull();
    expect(plainFirstName(undefined)).toBeNull();
  });
});
