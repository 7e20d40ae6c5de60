import { practiceEventsAnswer, toApiKeyDto } from './api-keys';

const counts = { received: 2, new: 1, duplicates: 1, matched: 1, proposed: 1, confirmed: 0 };

describe('practiceEventsAnswer', () => {
  it('gives the counts and each rejected record with its index and every reason', () => {
    expect(
      practiceEventsAnswer(counts, [
        { index: 1, externalEventId: 'e-2', reasons: ['a', 'b'] },
        { index: 3, externalEventId: null, reasons: ['c'] },
      ]),
    ).toEqual({
      ...counts,
      rejected: [
        { index: 1, externalEventId: 'e-2', reasons: ['a', 'b'] },
        { index: 3, reasons: ['c'] },
      ],
    });
  });

  it('leaves out nothing the ingest did not count, and no extra field', () => {
    const answer = practiceEventsAnswer({ ...counts, extra: 9 } as typeof counts, []);
    expect(Object.keys(answer).sort()).toEqual(
      ['confirmed', 'duplicates', 'matched', 'new', 'proposed', 'received', 'rejected'].sort(),
    );
  });
});

describe('toApiKeyDto', () => {
  it('answers times as ISO strings and never a hash', () => {
    const row = {
      id: '0192f0e0-0000-7000-8000-000000000001',
      name: 'Zapier',
      prefix: 'rk_abcdefgh',
      createdBy: 'admin@clinic.test',
      createdAt: new Date('2026-11-27T10:00:00Z'),
      lastUsedAt: null,
      revokedAt: new Date('2026-11-27T11:00:00Z'),
      revokedBy: 'boss@clinic.test',
      keyHash: 'secret-hash',
    };
    const dto = toApiKeyDto(row);
    expect(dto).toEqual({
      id: row.id,
      name: 'Zapier',
      prefix: 'rk_abcdefgh',
      createdBy: 'admin@clinic.test',
      createdAt: '2026-11-27T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: '2026-11-27T11:00:00.000Z',
      revokedBy: 'boss@clinic.test',
    });
    expect(JSON.stringify(dto)).not.toContain('secret-hash');
  });
});
