/**
 * Imports written straight into the database (issue 33), as the preview leaves them: client_imports with its
 * counts and client_import_rows with the file's cells by column, each row's outcome decided. The run, cancel,
 * undo and send-cards tests start from these, without the file reader.
 */
import { randomUUID } from 'node:crypto';
import { newCardNumber, newInviteToken } from '@/lib/codes';
import { db } from '@/lib/db';
import type { ClientImportStatus, Prisma } from '@/lib/generated/prisma/client';

export const IMPORT_HEADERS = [
  'Patient ID',
  'Forename',
  'Surname',
  'Email address',
  'Mobile',
  'Company',
  'Marketing consent',
];

export const IMPORT_MAPPING = {
  firstName: 'Forename',
  lastName: 'Surname',
  fullName: null,
  email: 'Email address',
  phone: 'Mobile',
  affiliateCompany: 'Company',
  marketingConsent: 'Marketing consent',
  externalId: 'Patient ID',
};

export type Outcome = 'add' | 'existing' | 'duplicate' | 'error';

export interface FixtureRow {
  outcome: Outcome;
  cells: string[];
  problems?: Prisma.InputJsonValue;
}

let counter = 0;

/** A patient's row in the order of IMPORT_HEADERS; an email made unique unless given. */
export function patient(
  fields: {
    id?: string;
    first?: string;
    last?: string;
    email?: string;
    mobile?: string;
    company?: string;
    consent?: string;
  } = {},
): string[] {
  counter += 1;
  return [
    fields.id ?? `P${1000 + counter}`,
    fields.first ?? 'Siân',
    fields.last ?? `O'Brien${counter}`,
    fields.email ?? `patient-${counter}-${randomUUID().slice(0, 8)}@practice.test`,
    fields.mobile ?? '',
    fields.company ?? '',
    fields.consent ?? 'no',
  ];
}

export const add = (cells: string[]): FixtureRow => ({ outcome: 'add', cells });
export const existing = (cells: string[]): FixtureRow => ({ outcome: 'existing', cells });
export const duplicate = (cells: string[], repeats: number): FixtureRow => ({
  outcome: 'duplicate',
  cells,
  problems: { repeats },
});
export const error = (cells: string[], column: string, message: string): FixtureRow => ({
  outcome: 'error',
  cells,
  problems: [{ column, message }],
});

/** An import with these rows (row numbers from 2: the header is row 1), its counts as the preview left them. */
export async function fixtureImport(
  rows: FixtureRow[],
  data: Partial<Prisma.ClientImportUncheckedCreateInput> & { status?: ClientImportStatus } = {},
) {
  const count = (outcome: Outcome) => rows.filter((r) => r.outcome === outcome).length;
  const created = await db.clientImport.create({
    data: {
      fileName: 'patients.csv',
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: IMPORT_HEADERS,
      mapping: IMPORT_MAPPING,
      rowCount: rows.length,
      toAddCount: count('add'),
      existingCount: count('existing'),
      duplicateCount: count('duplicate'),
      errorCount: count('error'),
      createdBy: 'manager@clinic.test',
      ...data,
    },
  });
  if (rows.length) {
    await db.clientImportRow.createMany({
      data: rows.map((r, i) => ({
        importId: created.id,
        rowNumber: i + 2,
        cells: r.cells,
        outcome: r.outcome,
        problems: r.problems ?? undefined,
      })),
    });
  }
  return created;
}

/** An import that ran (done) and added these clients, finished `finishedAt` (now by default). */
export async function fixtureDoneImport(
  clients: {
    email?: string;
    consent?: boolean;
    deleted?: boolean;
  }[],
  finishedAt = new Date(),
) {
  const created = await fixtureImport([], {
    status: 'done',
    startedAt: finishedAt,
    startedBy: 'manager@clinic.test',
    finishedAt,
    toAddCount: clients.length,
    rowCount: clients.length,
    processedCount: clients.length,
    addedCount: clients.length,
  });
  const made = [];
  for (const c of clients) {
    counter += 1;
    made.push(
      await db.client.create({
        data: {
          firstName: 'Imported',
          lastName: `Patient${counter}`,
          email: c.deleted
            ? null
            : (c.email ?? `imported-${counter}-${randomUUID().slice(0, 8)}@practice.test`),
          cardNumber: newCardNumber(),
          inviteToken: newInviteToken(),
          importId: created.id,
          marketingConsent: c.consent ?? false,
          marketingConsentAt: c.consent ? finishedAt : null,
          marketingConsentSource: c.consent ? 'import' : null,
          deletedAt: c.deleted ? new Date() : null,
        },
      }),
    );
  }
  return { import: created, clients: made };
}
