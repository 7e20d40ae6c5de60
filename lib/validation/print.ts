import { z } from './zod';

export const PRINT_FORMATS = ['a6', 'a4'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];
export const PRINT_FORMAT_TEXT = 'Choose the format: a6 (counter card) or a4 (poster)';

/** GET /api/team-members/{id}/print (issue 29, point 13): which piece to print; 'A6' and ' a4 ' are read too. */
export const memberPrintQuerySchema = z.object({
  format: z
    .string({ error: PRINT_FORMAT_TEXT })
    .trim()
    .toLowerCase()
    .pipe(z.enum(PRINT_FORMATS, { error: PRINT_FORMAT_TEXT })),
});
