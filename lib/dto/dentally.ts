/**
 * Issue 34: the Dentally connection as Settings → Integrations shows it. The token itself never leaves the
 * server: only its last four characters. Safe in the browser.
 */
import { z } from '@/lib/validation/zod';

export const DENTALLY_STATUSES = [
  'never',
  'running',
  'ok',
  'token_rejected',
  'rate_limited',
  'failed',
] as const;

export const dentallyStateSchema = z
  .object({
    connected: z.boolean().meta({ description: 'Whether a token is saved.' }),
    siteId: z.string().nullable(),
    tokenHint: z
      .string()
      .nullable()
      .meta({ description: "The saved token's last four characters (null when none): never the token." }),
    status: z.enum(DENTALLY_STATUSES).meta({
      description:
        'never (no sync since the token was saved), running, ok, token_rejected (no sync runs until a new ' +
        'token is saved), rate_limited (none before retryAfter) or failed (the next sync tries again).',
    }),
    lastError: z.string().nullable().meta({ description: 'The last problem, in words for staff.' }),
    lastStartedAt: z.iso.datetime().nullable(),
    lastFinishedAt: z.iso.datetime().nullable(),
    retryAfter: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'No sync runs before this (Dentally asked).' }),
    lastRead: z.int().meta({ description: 'Completed appointments the last sync read.' }),
    lastNew: z.int().meta({ description: 'Of those, records not taken before.' }),
    lastMatched: z.int().meta({ description: 'New records that matched an open referral.' }),
    lastProposed: z.int().meta({ description: 'Matches proposed to staff.' }),
  })
  .meta({ id: 'DentallyConnection' });

export type DentallyStateDto = z.infer<typeof dentallyStateSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDentallyStateDto(state: {
  connected: boolean;
  siteId: string | null;
  tokenHint: string | null;
  status: string;
  lastError: string | null;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  retryAfter: Date | null;
  lastRead: number;
  lastNew: number;
  lastMatched: number;
  lastProposed: number;
}): DentallyStateDto {
  const status = (DENTALLY_STATUSES as readonly string[]).includes(state.status)
    ? (state.status as DentallyStateDto['status'])
    : 'never';
  return {
    ...state,
    status,
    lastStartedAt: iso(state.lastStartedAt),
    lastFinishedAt: iso(state.lastFinishedAt),
    retryAfter: iso(state.retryAfter),
  };
}
