/**
 * One row of an imported file checked as Add Client checks a client (issue 33, point 3): the same schema
 * (createClientSchema), so the same rules and the same messages, each problem naming the column at fault.
 * Plus what only an import has: a full name split in two, the marketing consent's yes/no, the practice's
 * patient ID. Pure.
 */
import { createClientSchema } from '@/lib/validation/clients';
import { INVISIBLE_TEXT_TEXT, isVisibleText } from '@/lib/validation/names';
import type { ImportField } from '@/lib/validation/imports';
import type { ImportMapping } from './mapping';

export interface RowProblem {
  /** The header of the column at fault, or null. */
  column: string | null;
  message: string;
}

/** A row that can be imported, as the client it makes. */
export interface RowClient {
  firstName: string;
  lastName: string;
  /** Lower-cased and trimmed, as Add Client stores it. */
  email: string;
  phone: string | null;
  affiliateCompany: string | null;
  marketingConsent: boolean;
  externalId: string | null;
}

export type CheckedRow = { ok: true; client: RowClient } | { ok: false; problems: RowProblem[] };

export const CONSENT_TEXT =
  'Marketing consent must be yes or no (Y/N, true/false and 1/0 are read too); leave it blank for no.';
export const EXTERNAL_ID_MAX = 100;
export const EXTERNAL_ID_TEXT = `The practice patient ID must be at most ${EXTERNAL_ID_MAX} characters.`;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** yes/no/true/false/1/0/Y/N in any case; blank is no; anything else is null (a problem). */
export function parseConsent(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}

const TITLES = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|rev|lady|lord)\.?\s+/i;

/**
 * A full name in one cell as first and last name: the last word is the last name and the rest the first name
 * ("Mary Jane Smith" → "Mary Jane" + "Smith"); "Smith, Mary" (a comma) is surname first. A title before the
 * name (Mr, Mrs, Dr…) is left out. One word: a first name and no last name.
 */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const text = value.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const lastName = text.slice(0, comma).trim();
    const firstName = text
      .slice(comma + 1)
      .trim()
      .replace(TITLES, '');
    return { firstName, lastName };
  }
  const words = text.replace(TITLES, '').split(' ').filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** The index of each mapped field's column in a row's cells. */
export type ColumnIndex = Partial<Record<ImportField, number>>;

export function columnIndex(headers: string[], mapping: ImportMapping): ColumnIndex {
  const index: ColumnIndex = {};
  for (const [field, header] of Object.entries(mapping) as [ImportField, string | null][]) {
    if (header === null) continue;
    const at = headers.indexOf(header);
    if (at >= 0) index[field] = at;
  }
  return index;
}

/** Checks one row's cells against the mapping. */
export function checkRow(cells: string[], mapping: ImportMapping, index: ColumnIndex): CheckedRow {
  const cell = (field: ImportField) => {
    const at = index[field];
    return at === undefined ? '' : (cells[at] ?? '');
  };
  const splitNames = !(mapping.firstName && mapping.lastName) && mapping.fullName !== null;
  const names = splitNames
    ? splitFullName(cell('fullName'))
    : { firstName: cell('firstName'), lastName: cell('lastName') };
  const columnOf: Record<string, string | null> = {
    firstName: splitNames ? mapping.fullName : mapping.firstName,
    lastName: splitNames ? mapping.fullName : mapping.lastName,
    email: mapping.email,
    phone: mapping.phone,
    affiliateCompany: mapping.affiliateCompany,
  };
  const problems: RowProblem[] = [];
  const parsed = createClientSchema.safeParse({
    firstName: names.firstName,
    lastName: names.lastName,
    email: cell('email'),
    ...(mapping.phone && { phone: cell('phone') }),
    ...(mapping.affiliateCompany && { affiliateCompany: cell('affiliateCompany') }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column = columnOf[field] ?? null;
      // One message per column: an empty full name is one problem, not one for each half.
      if (problems.some((p) => p.column === column && p.message === issue.message)) continue;
      problems.push({ column, message: issue.message });
    }
  }
  let consent = false;
  if (mapping.marketingConsent) {
    const value = parseConsent(cell('marketingConsent'));
    if (value === null) problems.push({ column: mapping.marketingConsent, message: CONSENT_TEXT });
    else consent = value;
  }
  let externalId: string | null = null;
  if (mapping.externalId) {
    const value = cell('externalId').trim();
    if (value.length > EXTERNAL_ID_MAX)
      problems.push({ column: mapping.externalId, message: EXTERNAL_ID_TEXT });
    else if (!isVisibleText(value))
      problems.push({ column: mapping.externalId, message: INVISIBLE_TEXT_TEXT });
    else externalId = value || null;
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return {
    ok: true,
    client: {
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      email: parsed.data.email,
      phone: parsed.data.phone ?? null,
      affiliateCompany: parsed.data.affiliateCompany ?? null,
      marketingConsent: consent,
      externalId,
    },
  };
}

/** A row with nothing in any cell: skipped (spreadsheets keep blank rows between blocks). */
export const isBlankRow = (cells: string[]) => cells.every((c) => c.trim() === '');
