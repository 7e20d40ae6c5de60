/**
 * Issue 34: PUT /api/integrations/dentally, the Dentally connection as a full admin saves it (Settings →
 * Integrations). The token is Dentally's API key (Settings › Developer Settings › Generate new token in
 * Dentally); the site is optional (a practice with several sites picks one).
 */
import { z } from './zod';

export const DENTALLY_TOKEN_TEXT = 'Paste the API token from Dentally (Settings › Developer Settings)';
export const DENTALLY_TOKEN_SPACES_TEXT = 'The token has spaces in it: copy it again from Dentally';
export const DENTALLY_SITE_TEXT = 'The site ID is at most 100 letters, digits, hyphens or underscores';

export const dentallyConnectionSchema = z
  .object({
    token: z
      .string({ error: DENTALLY_TOKEN_TEXT })
      .trim()
      .min(8, DENTALLY_TOKEN_TEXT)
      .max(500, DENTALLY_TOKEN_TEXT)
      .refine((v) => !/\s/.test(v), DENTALLY_TOKEN_SPACES_TEXT)
      // A token is printable ASCII: anything else (a NUL, an emoji, an invisible character) was not copied from it.
      .refine((v) => /^[\x21-\x7E]*$/.test(v), DENTALLY_TOKEN_TEXT),
    siteId: z
      .union([z.string({ error: DENTALLY_SITE_TEXT }), z.null()])
      .optional()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || /^[A-Za-z0-9_-]{1,100}$/.test(v), DENTALLY_SITE_TEXT),
  })
  .strict();

export type DentallyConnectionInput = z.input<typeof dentallyConnectionSchema>;
