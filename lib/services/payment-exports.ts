import 'server-only';
import { csvAmount, toCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';
import { ukDateString } from '@/lib/uk-time';
import { MONTH_NAMES } from '@/lib/validation/payments';
import { allAuditEntries, monthlyReport } from './payments';

export interface CsvFile {
  filename: string;
  body: string;
}

/**
 * The month's payments for a bank's bulk-payment upload: one line per conversion, with the payee's BACS
 * details, the amount in plain pounds, a reference of at most 18 characters (the BACS limit: the client's card
 * number) and whether it is still owed.
 */
export async function monthlyReportCsv(year: number, month: number): Promise<CsvFile> {
  const report = await monthlyReport(year, month);
  const rows = report.groups.flatMap((g) =>
    g.payments.map((p) => [
      g.clientName,
      g.sortCode,
      g.accountNumber,
      csvAmount(p.rewardAmount),
      g.cardNumber,
      p.paid ? 'Paid' : 'Owed',
      p.name,
      formatDateTime(p.convertedAt),
    ]),
  );
  return {
    filename: `referral-payments-${year}-${String(month).padStart(2, '0')}.csv`,
    body: toCsv(
      [
        'Payee name',
        'Sort code',
        'Account number',
        'Amount (GBP)',
        'Reference',
        'Status',
        'Referral',
        `Story started (UK time) in ${MONTH_NAMES[month - 1]} ${year}`,
      ],
      rows,
    ),
  };
}

/** The whole payment audit log, newest first. */
export async function auditLogCsv(now = new Date()): Promise<CsvFile> {
  const rows = [];
  for await (const e of allAuditEntries()) {
    rows.push([
      formatDateTime(e.timestamp),
      e.action === 'payment_marked' ? 'Paid' : e.action === 'reward_cancelled' ? 'Cancelled' : 'Undone',
      e.clientName,
      e.referralName,
      csvAmount(e.amount),
      e.performedBy,
    ]);
  }
  return {
    filename: `payment-audit-log-${ukDateString(now)}.csv`,
    body: toCsv(['Date and time (UK)', 'Action', 'Client', 'Referral', 'Amount (GBP)', 'Performed by'], rows),
  };
}

export function csvResponse(file: CsvFile): Response {
  return new Response(file.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
