'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal, flushSync } from 'react-dom';
import type { PaymentReportDto } from '@/lib/dto/payments';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { groupTotal } from './report-data';
import { bacsText, conversionsLabel, summaryHeading } from './texts';

export const PRINT_ROOT_ID = 'payments-print';

/**
 * Printing shows this view alone, on A4. The app's shell (sidebar, tabs) is not this component's to mark with
 * `print:hidden`, so while the view exists a rule hides every other child of <body> in print.
 */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm 12mm; }
  body > *:not(#${PRINT_ROOT_ID}) { display: none !important; }
}`;

/** Whether the page is laid out for print (also when a test emulates print media). */
function subscribePrintMedia(onChange: () => void): () => void {
  const query = window.matchMedia('print');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const cell = 'border-b border-neutral-300 px-1.5 py-1 text-left align-top';
const headCell = `${cell} border-neutral-500 font-semibold`;

/**
 * The month's summary as a printable page (spec: 'a print view of the month's summary that fits A4'): every
 * client expanded, with bank details and totals, and no buttons. It exists only while the page is printed
 * ('beforeprint' renders it at once, before the browser lays the page out for print), so its copy of the
 * summary never doubles what screen readers and searches find on screen. Portalled into <body>.
 */
export function PrintSummary({ report }: { report: PaymentReportDto }) {
  const printMedia = useSyncExternalStore(
    subscribePrintMedia,
    () => window.matchMedia('print').matches,
    () => false,
  );
  /** When printing started (window.print(), Ctrl+P or the browser's menu), until it ends. */
  const [printedAt, setPrintedAt] = useState<string | null>(null);

  useEffect(() => {
    // flushSync: rendered before the browser lays out the printed page.
    const start = () => flushSync(() => setPrintedAt(formatDateTime(new Date())));
    const end = () => setPrintedAt(null);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
    };
  }, []);

  if (!printMedia && printedAt === null) return null;

  // The whole month's counts and totals; the clients listed are those loaded on screen.
  const { conversions } = report;

  return createPortal(
    <div
      id={PRINT_ROOT_ID}
      data-testid="payments-print-view"
      className="hidden bg-white font-sans text-[10pt] leading-snug text-black print:block"
    >
      <style>{PRINT_CSS}</style>
      <header className="mb-4 border-b-2 border-black pb-2">
        <h1 className="text-[16pt] font-bold">{summaryHeading(report)}</h1>
        <p>
          Referral rewards by client: {conversionsLabel(conversions)}, {formatPounds(report.totalOwed)} owed,{' '}
          {formatPounds(report.totalPaid)} paid.
          {printedAt && ` Printed ${printedAt}.`}
        </p>
        {report.nextCursor && (
          <p>
            Lists the first {report.groups.length.toLocaleString('en-GB')} of{' '}
            {report.clients.toLocaleString('en-GB')} clients: choose Load more clients before printing to list
            them all.
          </p>
        )}
      </header>

      {report.groups.length === 0 && <p>No conversions found for this month.</p>}

      {report.groups.map((group) => (
        <section key={group.clientId} className="mb-4 break-inside-avoid">
          <h2 className="text-[12pt] font-bold break-words">{group.clientName}</h2>
          <p className="mb-1 break-words">
            Card {group.cardNumber} · {bacsText(group) ?? 'No BACS details on file'} ·{' '}
            {group.totalOwed > 0
              ? `Owed ${formatPounds(group.totalOwed)}, paid ${formatPounds(group.totalPaid)}`
              : 'Fully Paid'}
          </p>
          <table className="w-full table-fixed border-collapse">
            <thead>
              <tr>
                <th scope="col" className={`${headCell} w-[40%]`}>
                  Referral
                </th>
                <th scope="col" className={`${headCell} w-[20%]`}>
                  Converted
                </th>
                <th scope="col" className={`${headCell} w-[20%]`}>
                  Status
                </th>
                <th scope="col" className={`${headCell} w-[20%] text-right`}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {group.payments.map((p) => (
                <tr key={p.id} className="break-inside-avoid">
                  <td className={`${cell} break-words`}>{p.name}</td>
                  <td className={cell}>{formatDate(p.convertedAt)}</td>
                  <td className={cell}>
                    {p.paid ? `Paid${p.paidAt ? ` ${formatDate(p.paidAt)}` : ''}` : 'Due Payment'}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{formatPounds(p.rewardAmount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="px-1.5 py-1 text-right font-semibold">
                  Total
                </th>
                <td className="px-1.5 py-1 text-right font-semibold tabular-nums">
                  {formatPounds(groupTotal(group))}
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      ))}
    </div>,
    document.body,
  );
}
