/**
 * Issue 34: the integration API's keys and the answer of POST /api/integrations/practice-events. Safe to import
 * from the browser. A key itself is answered once, when it is made; no answer ever holds its hash.
 */
import { z } from '@/lib/validation/zod';

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the key, to tell keys apart; never enough to use it.' }),
    createdBy: z.string().meta({ description: 'The full admin who made it (their email).' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'The last call it made that was taken (to the minute); null: never used.' }),
    revokedAt: z.iso.datetime().nullable().meta({ description: 'Null while the key works.' }),
    revokedBy: z.string().nullable(),
  })
  .meta({ id: 'ApiKey', description: 'A key of the integration API. The key itself is never shown again.' });
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    key: z.string().meta({
      description:
        'The key, shown only in this answer: send it as `Authorization: Bearer <key>`. Only its SHA-256 is kept.',
    }),
    prefix: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'NewApiKey', description: 'A key just made, with the key itself (shown only once).' });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeySchema>;

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
}

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

export const practiceEventsResultSchema = z
  .object({
    received: z.int().meta({ description: 'Records that passed their checks.' }),
    new: z.int().meta({ description: 'Events not seen before, now kept.' }),
    duplicates: z
      .int()
      .meta({ description: 'Events already taken (the same source and externalEventId): counted once.' }),
    matched: z.int().meta({ description: 'New records that matched at least one open referral.' }),
    proposed: z.int().meta({ description: 'Matches proposed to staff.' }),
    confirmed: z.int().meta({
      description:
        'Referrals started at once (only when "confirm high-confidence matches automatically" is on).',
    }),
    rejected: z
      .array(
        z.object({
          index: z.int().meta({ description: 'The record’s place in `events`, from 0.' }),
          externalEventId: z.string().optional(),
          reasons: z.array(z.string()).meta({ description: 'Every problem with the record.' }),
        }),
      )
      .meta({ description: 'The records not taken, each with every reason; the others were taken.' }),
  })
  .meta({ id: 'PracticeEventsResult', description: 'What was done with the events sent.' });
export type PracticeEventsResultDto = z.infer<typeof practiceEventsResultSchema>;

/** The answer from the ingest's counts and the records' problems (an event id left out when there is none). */
export function practiceEventsAnswer(
  counts: Omit<PracticeEventsResultDto, 'rejected'>,
  problems: readonly { index: number; externalEventId: string | null; reasons: string[] }[],
): PracticeEventsResultDto {
  return {
    received: counts.received,
    new: counts.new,
    duplicates: counts.duplicates,
    matched: counts.matched,
    proposed: counts.proposed,
    confirmed: counts.confirmed,
    rejected: problems.map((p) => ({
      index: p.index,
      ...(p.externalEventId !== null && { externalEventId: p.externalEventId }),
      reasons: p.reasons,
    })),
  };
}
