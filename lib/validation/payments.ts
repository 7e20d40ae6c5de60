import { z } from 'zod';

/** The first year the reports offer (spec section 9: 2024 and 2025; here every year up to the current one). */
export const REPORT_FIRST_YEAR = 2024;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The year and month (1-12) it is now in the UK, where the clinic is. */
export function currentUkMonth(now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

/** The years the report's year selector offers: 2024, 2025 and every year up to the current one. */
export function reportYears(now = new Date()): number[] {
  const last = Math.max(currentUkMonth(now).year, REPORT_FIRST_YEAR + 1);
  return Array.from({ length: last - REPORT_FIRST_YEAR + 1 }, (_, i) => REPORT_FIRST_YEAR + i);
}

const yearField = z.coerce
  .number({ error: 'year must be a year such as 2025' })
  .int('year must be a year such as 2025')
  .refine((y) => y >= REPORT_FIRST_YEAR && y <= currentUkMonth().year + 1, {
    message: `year must be between ${REPORT_FIRST_YEAR} and next year`,
  });
const monthField = z.coerce
  .number({ error: 'month must be 1 (January) to 12 (December)' })
  .int('month must be 1 (January) to 12 (December)')
  .min(1, 'month must be 1 (January) to 12 (December)')
  .max(12, 'month must be 1 (January) to 12 (December)');

/** ?year=YYYY&month=1..12 */
export const reportQuerySchema = z.object({ year: yearField, month: monthField });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** POST /api/payments/pay-all */
export const payAllSchema = z
  .object({
    clientId: z.uuid({ error: 'clientId must be a client id' }),
    year: yearField,
    month: monthField,
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
