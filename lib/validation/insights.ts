import { z } from './zod';
import { DEFAULT_INSIGHTS_MONTHS } from '@/lib/dto/insights';

export const MAX_INSIGHTS_MONTHS = 36;
export const INSIGHTS_MONTHS_TEXT = `months must be a whole number from 1 to ${MAX_INSIGHTS_MONTHS}`;

/** ?months=1..36: how many UK calendar months, this one included; 12 when absent or blank. */
export const insightsQuerySchema = z.object({
  months: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: INSIGHTS_MONTHS_TEXT })
      .int(INSIGHTS_MONTHS_TEXT)
      .min(1, INSIGHTS_MONTHS_TEXT)
      .max(MAX_INSIGHTS_MONTHS, INSIGHTS_MONTHS_TEXT)
      .default(DEFAULT_INSIGHTS_MONTHS),
  ),
});
