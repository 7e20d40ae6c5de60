import { fileNamePart } from './file-name';

describe('fileNamePart: a printed piece’s file name from a name', () => {
  it('folds accents and drops apostrophes', () => {
    expect(fileNamePart('Siobhán O’Neill', 'x')).toBe('siobhan-oneill');
    expect(fileNamePart("Zoë D'Arcy-Brontë", 'x')).toBe('zoe-darcy-bronte');
  });

  it('keeps only ASCII letters and digits, and falls back when nothing is left', () => {
    expect(fileNamePart('王小明 Chén', 'x')).toBe('chen');
    expect(fileNamePart('王小明', 'team-member')).toBe('team-member');
    expect(fileNamePart('  ../../etc/passwd  ', 'x')).toBe('etc-passwd');
  });
});
