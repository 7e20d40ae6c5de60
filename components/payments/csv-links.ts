/** The addresses of the tab's CSV downloads, for a download link. */
import { fileUrl } from '@/lib/contract/client';
import * as payments from '@/lib/contract/payments';
import type { Period } from '@/lib/period';

/** The month's report as a CSV file (payments.reportCsv). */
export function reportCsvUrl({ year, month }: Period): string {
  return fileUrl(payments.reportCsv, { query: { year, month } });
}

/** The whole payment audit log as a CSV file (payments.auditCsv). */
export const AUDIT_CSV_URL = fileUrl(payments.auditCsv);
