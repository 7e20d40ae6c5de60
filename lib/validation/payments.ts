import { z } from './zod';
import { currentUkMonth } from '@/lib/uk-time';
import { REPORT_FIRST_YEAR } from '@/lib/period';

const YEAR_TEXT = 'year must be a year such as 2025';
const MONTH_TEXT = 'month must be 1 (January) to 12 (December)';

const year = (n: z.ZodNumber) =>
  n.int(YEAR_TEXT).refine((y) => y >= REPORT_FIRST_YEAR && y <= currentUkMonth().year + 1, {
    message: `year must be between ${REPORT_FIRST_YEAR} and next year`,
  });
const month = (n: z.ZodNumber) => n.int(MONTH_TEXT).min(1, MONTH_TEXT).max(12, MONTH_TEXT);
/** Query strings are text: '2025' is read as a number, but a blank is not zero. */
const fromQuery = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

/** ?year=YYYY&month=1..12 */
export const reportQuerySchema = z.object({
  year: z.preprocess(fromQuery, year(z.number({ error: YEAR_TEXT }))),
  month: z.preprocess(fromQuery, month(z.number({ error: MONTH_TEXT }))),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** POST /api/payments/pay-all */
export const payAllSchema = z
  .object({
    clientId: z.uuid({ error: 'clientId must be a client id' }),
    year: year(z.number({ error: YEAR_TEXT })),
    month: month(z.number({ error: MONTH_TEXT })),
  })
  .strict();

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** ?cursor=...&limit=... for the audit log. */
export const auditQuerySchema = z.object({
  cursor: z.string().max(200, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: `limit must be 1 to ${AUDIT_PAGE_MAX}` })
    .int(`limit must be 1 to ${AUDIT_PAGE_MAX}`)
    .min(1, `limit must be 1 to ${AUDIT_PAGE_MAX}`)
    .max(AUDIT_PAGE_MAX, `limit must be 1 to ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
});
