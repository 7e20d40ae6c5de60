import type { ClientImport } from '@/lib/generated/prisma/client';
import { clientImportSchema } from './imports';
import { secondsLeftOf, toImportDto, toMappingDto, toProblemDtos } from './imports-map';

const base: ClientImport = {
  id: '0192f5e0-0000-7000-8000-000000000001',
  status: 'preview',
  fileName: 'patients.csv',
  format: 'csv',
  encoding: 'utf-8',
  delimiter: ',',
  headers: ['Forename', 'Surname', 'Email'],
  mapping: { firstName: 'Forename', lastName: 'Surname', email: 'Email' },
  updateExisting: false,
  rowCount: 10,
  toAddCount: 6,
  existingCount: 2,
  duplicateCount: 1,
  errorCount: 1,
  processedCount: 0,
  addedCount: 0,
  updatedCount: 0,
  error: null,
  createdBy: 'jo@clinic.test',
  createdAt: new Date('2026-11-27T10:00:00Z'),
  startedAt: null,
  startedBy: null,
  finishedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  undoneAt: null,
  undoneBy: null,
  undoRemovedCount: null,
  undoKeptCount: null,
  cardsRequestedAt: null,
  cardsRequestedBy: null,
  cardsQueuedCount: 0,
};

describe('an import as the API answers it', () => {
  it('a preview: every mapping field present, no progress, no undo window, valid by the schema', () => {
    const dto = toImportDto(base);
    expect(dto.mapping).toEqual({
      firstName: 'Forename',
      lastName: 'Surname',
      fullName: null,
      email: 'Email',
      phone: null,
      affiliateCompany: null,
      marketingConsent: null,
      externalId: null,
    });
    expect(dto.progress).toBeNull();
    expect(dto.undo.until).toBeNull();
    expect(dto.counts).toEqual({
      rows: 10,
      toAdd: 6,
      existing: 2,
      duplicates: 1,
      errors: 1,
      added: 0,
      updated: 0,
    });
    expect(clientImportSchema.parse(dto)).toEqual(dto);
  });

  it('while running: rows done of those to write (existing ones too when updated), and the time left', () => {
    const running = {
      ...base,
      status: 'running' as const,
      updateExisting: true,
      startedAt: new Date('2026-11-27T10:00:00Z'),
      processedCount: 4,
    };
    const dto = toImportDto(running, { now: new Date('2026-11-27T10:00:08Z') });
    // 8 s for 4 rows, 4 left of 8.
    expect(dto.progress).toEqual({ done: 4, total: 8, secondsLeft: 8 });
    expect(clientImportSchema.parse(dto)).toEqual(dto);
    expect(secondsLeftOf({ ...running, processedCount: 0 }, 8, new Date())).toBeNull();
  });

  it('done: undo until 7 days after it finished; the cards counted', () => {
    const done = {
      ...base,
      status: 'done' as const,
      startedAt: new Date('2026-11-27T10:00:00Z'),
      finishedAt: new Date('2026-11-27T10:01:00Z'),
      processedCount: 6,
      addedCount: 6,
      cardsQueuedCount: 3,
    };
    const dto = toImportDto(done, { cardsEligible: 5 });
    expect(dto.progress).toEqual({ done: 6, total: 6, secondsLeft: 0 });
    expect(dto.undo.until).toBe('2026-12-04T10:01:00.000Z');
    expect(dto.cards).toEqual({ eligible: 5, queued: 3, requestedAt: null });
  });

  it('a stored mapping of any shape becomes a full one', () => {
    expect(toMappingDto(null).email).toBeNull();
    expect(toMappingDto({ email: '', phone: 3, fullName: 'Name' })).toMatchObject({
      email: null,
      phone: null,
      fullName: 'Name',
    });
  });

  it('problems: one per error of a row; a duplicate names the row it repeats and the email column', () => {
    expect(
      toProblemDtos(
        {
          rowNumber: 4,
          outcome: 'error',
          problems: [
            { column: 'Email', message: 'Enter a valid email address.' },
            { column: 'Mobile', message: 'Enter a UK phone number.' },
          ],
        },
        'Email',
      ),
    ).toEqual([
      { row: 4, kind: 'error', column: 'Email', message: 'Enter a valid email address.' },
      { row: 4, kind: 'error', column: 'Mobile', message: 'Enter a UK phone number.' },
    ]);
    expect(toProblemDtos({ rowNumber: 7, outcome: 'duplicate', problems: { repeats: 3 } }, 'Email')).toEqual([
      {
        row: 7,
        kind: 'duplicate',
        column: 'Email',
        message: 'Repeats the email of row 3; only the first is imported.',
      },
    ]);
    expect(toProblemDtos({ rowNumber: 2, outcome: 'add', problems: null }, 'Email')).toEqual([]);
  });
});
