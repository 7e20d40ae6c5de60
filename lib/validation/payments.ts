import { z } from './zod';
import { currentUkMonth } from '@/lib/uk-time';
import { REPORT_FIRST_YEAR } from '@/lib/period';
import { CURSOR_TEXT, pageLimit, pageQuerySchema, UUID } from './paging';

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
export const reportMonthSchema = z.object({
  year: z.preprocess(fromQuery, year(z.number({ error: YEAR_TEXT }))),
  month: z.preprocess(fromQuery, month(z.number({ error: MONTH_TEXT }))),
});

/** The monthly report shows this many clients at a time unless asked for more (issue 19: answers stay small). */
export const REPORT_PAGE_SIZE = 50;
export const MAX_REPORT_PAGE_SIZE = 200;

/** Where a page of the report's client groups ends: the last group's sort name (lower-cased) and client id. */
export interface ReportCursor {
  name: string;
  id: string;
}

export function encodeReportCursor({ name, id }: ReportCursor): string {
  return Buffer.from(JSON.stringify(['report', name, id])).toString('base64url');
}

export function decodeReportCursor(text: string): ReportCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3 || value[0] !== 'report') return null;
    const [, name, id] = value as unknown[];
    // A NUL cannot be stored in PostgreSQL text: such a cursor was made up, and would fail the query.
    if (typeof name !== 'string' || name.length > 300 || name.includes('\u0000')) return null;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    return { name, id };
  } catch {
    return null;
  }
}

/** ?year=YYYY&month=1..12, and the page of client groups: limit (default 50) and cursor (an earlier nextCursor). */
export const reportQuerySchema = reportMonthSchema.extend({
  limit: pageLimit(MAX_REPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
  cursor: z
    .string({ error: CURSOR_TEXT })
    .max(400, CURSOR_TEXT)
    .transform((text, ctx) => {
      if (text.trim() === '') return undefined;
      const decoded = decodeReportCursor(text);
      if (!decoded) ctx.addIssue({ code: 'custom', message: CURSOR_TEXT });
      return decoded ?? undefined;
    })
    .optional(),
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

/** GET /api/payments/outstanding: pages of the outstanding rewards (limit, cursor), no search. */
export const outstandingQuerySchema = pageQuerySchema.omit({ q: true });

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
