import { z } from '@/lib/validation/zod';

/**
 * Every refusal's body: `message` fit to show a person, and for a 400 from a form every field's messages
 * under its name (`fieldErrors`). Some carry more (a 409's record as it now is, a `code` to act on).
 */
export const errorBodySchema = z
  .looseObject({
    message: z.string().meta({ description: 'What went wrong, in words fit to show a person.' }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "A 400's messages by field name ('_' for the body as a whole)." }),
  })
  .meta({ id: 'Error', description: 'A refusal: its message, and what else the endpoint says it carries.' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
