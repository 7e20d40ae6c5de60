/**
 * A download's file name from a person's name: ASCII letters and digits joined by '-' (accents folded, so
 * 'Siobhán O'Neill' is siobhan-oneill), which every file system and mail client keeps as it is.
 */
export function fileNamePart(text: string, fallback: string): string {
  const part = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return part || fallback;
}
