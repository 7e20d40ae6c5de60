/**
 * Which of a file's columns fills which client field (issue 33, point 2): guessed from the headers, by the
 * synonyms practice systems and spreadsheets use, compared without regard to case, spaces or punctuation; the
 * mapping the last import used wins for the headers this file has too. Pure.
 */
import { IMPORT_FIELDS, type ImportField, type ImportMappingInput } from '@/lib/validation/imports';

/** { field: header or null } for every field. */
export type ImportMapping = Record<ImportField, string | null>;

/** The field's name in messages and on the screen. */
export const FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  affiliateCompany: 'Affiliate company',
  marketingConsent: 'Marketing consent',
  externalId: 'Practice patient ID',
};

/** Lower case, letters and digits only: "E-mail Address" and "email_address" are the same header. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * How practice systems and spreadsheets name a person's columns, in order of preference: shared by the client
 * import and the practice records' upload (lib/practice/upload-mapping.ts).
 */
export const PERSON_SYNONYMS = {
  firstName: [
    'First name',
    'Forename',
    'Forenames',
    'Given name',
    'Given names',
    'First',
    'Patient first name',
  ],
  lastName: ['Last name', 'Surname', 'Family name', 'Last', 'Patient surname', 'Patient last name'],
  fullName: ['Full name', 'Name', 'Patient name', 'Patient', 'Client name', 'Patient full name'],
  email: ['Email', 'Email address', 'E-mail', 'E-mail address', 'Patient email', 'Email addr'],
  phone: [
    'Mobile',
    'Mobile phone',
    'Mobile number',
    'Mobile no',
    'Phone',
    'Phone number',
    'Telephone',
    'Telephone number',
    'Tel',
    'Cell',
  ],
} satisfies Partial<Record<ImportField, string[]>>;

/** Synonyms, in order of preference: the first header that matches one wins. */
const SYNONYMS: Record<ImportField, string[]> = {
  ...PERSON_SYNONYMS,
  affiliateCompany: ['Affiliate company', 'Company', 'Affiliate', 'Employer', 'Organisation', 'Organization'],
  marketingConsent: [
    'Marketing consent',
    'Email consent',
    'Opt in',
    'Opted in',
    'Marketing opt in',
    'Email opt in',
    'Marketing',
  ],
  externalId: ['Patient ID', 'External ID', 'Patient number', 'Patient no', 'PMS ID', 'ID'],
};

const KEYED: [ImportField, Set<string>][] = IMPORT_FIELDS.map((f) => [
  f,
  new Set(SYNONYMS[f].map(headerKey)),
]);

export const emptyMapping = (): ImportMapping =>
  Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ImportMapping;

/**
 * The guess for a file's headers. `remembered` (settings.importMapping) wins for each field whose header this
 * file has; the rest are matched by synonym, each header used once. A full name column is only guessed when
 * there is no first and last name pair.
 */
export function guessMapping(headers: string[], remembered?: unknown): ImportMapping {
  const mapping = emptyMapping();
  const used = new Set<string>();
  const present = new Set(headers);
  if (remembered && typeof remembered === 'object') {
    for (const field of IMPORT_FIELDS) {
      const header = (remembered as Record<string, unknown>)[field];
      if (typeof header === 'string' && present.has(header) && !used.has(header)) {
        mapping[field] = header;
        used.add(header);
      }
    }
  }
  const keys = headers.map(headerKey);
  for (const [field, synonyms] of KEYED) {
    if (mapping[field]) continue;
    // The synonym list's order decides between two matching headers ('Mobile' before 'Phone').
    let best: { header: string; rank: number } | null = null;
    headers.forEach((header, i) => {
      if (used.has(header) || !synonyms.has(keys[i]!)) return;
      const rank = SYNONYMS[field].findIndex((s) => headerKey(s) === keys[i]);
      if (!best || rank < best.rank) best = { header, rank };
    });
    if (best) {
      mapping[field] = (best as { header: string }).header;
      used.add(mapping[field]!);
    }
  }
  if (mapping.firstName && mapping.lastName && mapping.fullName) {
    // Both names have columns of their own: the full name is not needed (and a "Name" column may be anything).
    if (!remembered || (remembered as Record<string, unknown>).fullName !== mapping.fullName) {
      mapping.fullName = null;
    }
  }
  return mapping;
}

/** A field left out keeps its column; null removes it. */
export function mergeMapping(current: ImportMapping, change: ImportMappingInput): ImportMapping {
  const next = { ...current };
  for (const field of IMPORT_FIELDS) {
    const value = change[field];
    if (value !== undefined) next[field] = value === null || value.trim() === '' ? null : value.trim();
  }
  return next;
}

export const NO_EMAIL_COLUMN_TEXT =
  'No column for the email: name one Email (or Email address, E-mail), or choose which column holds it.';
export const NO_NAME_COLUMN_TEXT =
  'No column for the names: name them First name and Last name (or Forename and Surname), or one Full name ' +
  '(or Name), or choose which columns hold them.';
export const NO_LAST_NAME_COLUMN_TEXT =
  'No column for the last name: name one Last name (or Surname, Family name), or choose a Full name column.';
export const NO_FIRST_NAME_COLUMN_TEXT =
  'No column for the first name: name one First name (or Forename, Given name), or choose a Full name column.';

/**
 * What is missing or wrong in a mapping for these headers, in words (null when it can be used): a header the
 * file does not have, one column for two fields, no email, no names.
 */
export function mappingProblem(headers: string[], mapping: ImportMapping): string | null {
  const present = new Set(headers);
  const seen = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header === null) continue;
    if (!present.has(header))
      return `The file has no column “${header}” (chosen for ${FIELD_LABELS[field]}).`;
    const other = seen.get(header);
    if (other) {
      return `The column “${header}” is chosen for both ${FIELD_LABELS[other]} and ${FIELD_LABELS[field]}: choose one.`;
    }
    seen.set(header, field);
  }
  const missing: string[] = [];
  if (!mapping.fullName) {
    if (!mapping.firstName && !mapping.lastName) missing.push(NO_NAME_COLUMN_TEXT);
    else if (!mapping.lastName) missing.push(NO_LAST_NAME_COLUMN_TEXT);
    else if (!mapping.firstName) missing.push(NO_FIRST_NAME_COLUMN_TEXT);
  }
  if (!mapping.email) missing.unshift(NO_EMAIL_COLUMN_TEXT);
  return missing.length ? missing.join(' ') : null;
}
