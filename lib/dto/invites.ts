/**
 * Invitations (issue 31): the answers' schemas, their types, and the row → DTO mapper. Safe to import from
 * the browser. No answer holds the link's token or any password.
 */
import { z } from '@/lib/validation/zod';

export const staffInviteSchema = z
  .object({
    id: z.uuid(),
    email: z
      .string()
      .meta({ description: 'The address invited, in lower case: the account’s username to be.' }),
    isFullAdmin: z.boolean(),
    expiresAt: z.iso
      .datetime()
      .meta({ description: 'The link works until then (7 days from the latest email).' }),
    sentAt: z.iso.datetime().meta({ description: 'When the latest email for it was queued.' }),
    invitedBy: z.string().meta({ description: 'The full admin who sent the invitation (their email).' }),
    state: z.enum(['pending', 'expired']).meta({
      description:
        '"pending": the link works; "expired": it no longer does, and Resend sends a new one. Used and revoked ' +
        'invitations are not listed.',
    }),
  })
  .meta({ id: 'StaffInvite', description: 'An invitation not yet accepted: the person has no account yet.' });
export type StaffInviteDto = z.infer<typeof staffInviteSchema>;

/** POST /api/admin/users with `invite: true` answers an invitation; with a password, the account. */
export function isInviteAnswer(answer: object): answer is StaffInviteDto {
  return 'state' in answer && 'expiresAt' in answer;
}

export interface StaffInviteRow {
  id: string;
  email: string;
  isFullAdmin: boolean;
  expiresAt: Date;
  sentAt: Date;
  invitedBy: string;
}

export function toStaffInviteDto(row: StaffInviteRow, now = new Date()): StaffInviteDto {
  return {
    id: row.id,
    email: row.email,
    isFullAdmin: row.isFullAdmin,
    expiresAt: row.expiresAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    invitedBy: row.invitedBy,
    state: row.expiresAt <= now ? 'expired' : 'pending',
  };
}
