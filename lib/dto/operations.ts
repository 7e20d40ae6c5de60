/**
 * The answers of the operations endpoints (issue 32): readiness for load balancers and monitoring. Nothing
 * personal: each check's outcome in words. Safe to import from the browser.
 */
import { z } from '@/lib/validation/zod';

const checkSchema = z
  .object({
    ok: z.boolean(),
    detail: z.string().meta({ description: "What was found, in words: 'reachable', '27 of 27 applied'." }),
  })
  .meta({ id: 'ReadinessCheck' });

export const readinessSchema = z
  .object({
    ready: z.boolean(),
    checks: z.object({ database: checkSchema, migrations: checkSchema, jobQueue: checkSchema }),
    problems: z.array(z.string()).meta({ description: 'What is wrong, in words; empty when ready.' }),
  })
  .meta({
    id: 'Readiness',
    description: 'Whether this instance can do its work: the database, its migrations and the job queue.',
  });
export type ReadinessDto = z.infer<typeof readinessSchema>;
