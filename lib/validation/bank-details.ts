import { z } from './zod';

export const CHANGE_ID_TEXT = 'changeId must be the id of the bank-details change you are approving';

/**
 * POST /api/admin/clients/{id}/bank-details/approve: the held change the admin saw (the client's
 * bankDetailsChangeId), so that an approval never approves details put in after the admin looked. Lower-cased,
 * as PostgreSQL writes a uuid, so the same id in capitals names the same change.
 */
export const approveBankDetailsSchema = z
  .object({
    changeId: z.uuid({ error: CHANGE_ID_TEXT }).transform((id) => id.toLowerCase()),
  })
  .strict();

export type ApproveBankDetailsInput = z.input<typeof approveBankDetailsSchema>;
