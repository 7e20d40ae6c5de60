'use client';

import { useState } from 'react';
import { CalendarSearch, Download, Printer } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { LoadMore } from '@/components/shared/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PeriodSelect } from '@/components/shared/period-select';
import { Skeleton } from '@/components/ui/skeleton';
import type { PaymentGroupDto, PaymentReportDto, PaymentRowDto } from '@/lib/dto/payments';
import { formatPounds } from '@/lib/money';
import { periodLabel, reportYears, type Period } from '@/lib/period';
import { reportCsvUrl } from './csv-links';
import { PaymentGroup } from './payment-group';
import { groupKey } from './report-data';
import { conversionsLabel, summaryHeading } from './texts';
import type { Load } from './use-payments';

export const REPORT_HEADING_ID = 'payments-report-heading';
const SUMMARY_HEADING_ID = 'payments-summary-heading';

interface MonthlyReportProps {
  period: Period;
  onPeriodChange: (period: Period) => void;
  load: Load<PaymentReportDto>;
  onRetry: () => void;
  isBusy: (referralId: string, clientId: string) => boolean;
  isPayingAll: (clientId: string) => boolean;
  onToggle: (payment: PaymentRowDto) => void;
  onPayAll: (group: PaymentGroupDto, period: Period) => void;
  /** The next page of the month's clients (50 at a time). */
  more: { loading: boolean; error: string | null };
  onLoadMore: () => void;
}

/** The whole month's, from the server, however many of its clients are loaded. */
function Totals({ report }: { report: PaymentReportDto }) {
  const { conversions, clients } = report;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {[
        ['Owed', formatPounds(report.totalOwed)],
        ['Paid', formatPounds(report.totalPaid)],
        ['Conversions', conversions.toLocaleString('en-GB')],
        ['Clients', clients.toLocaleString('en-GB')],
      ].map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function announcement(load: Load<PaymentReportDto>, label: string): string {
  if (load.status === 'loading') return `Loading the ${label} payment summary...`;
  if (load.status === 'error') return '';
  const conversions = load.data.groups.reduce((n, g) => n + g.payments.length, 0);
  return conversions === 0
    ? `${label}: no conversions found.`
    : `${label}: ${conversionsLabel(conversions)} found.`;
}

/** 'Monthly Payment Report' (spec section 2): the month's choice, its summary by client, CSV and print. */
export function MonthlyReport({
  period,
  onPeriodChange,
  load,
  onRetry,
  isBusy,
  isPayingAll,
  onToggle,
  onPayAll,
  more,
  onLoadMore,
}: MonthlyReportProps) {
  /** Groups showing their conversions, by groupKey. */
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [years] = useState(() => reportYears());
  const label = periodLabel(period);

  function setGroupExpanded(key: string, isExpanded: boolean) {
    setExpanded((current) => {
      const next = new Set(current);
      if (isExpanded) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  const report = load.status === 'ready' ? load.data : null;

  return (
    <Card role="region" aria-labelledby={REPORT_HEADING_ID}>
      <CardHeader>
        <CardTitle>
          <h2 id={REPORT_HEADING_ID}>Monthly Payment Report</h2>
        </CardTitle>
        <CardDescription>
          The rewards of stories started in a month, by client: what is owed and what has been paid. Its CSV
          is a report for your records (with friends&apos; names and clients&apos; bank details), not a file
          for your bank: for that, use the bank payment file above.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-end gap-3">
          <PeriodSelect idPrefix="payments-report" period={period} years={years} onChange={onPeriodChange} />
          <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
            <Button asChild variant="outline" className="flex-1 sm:flex-none">
              <a href={reportCsvUrl(period)} download>
                <Download aria-hidden="true" />
                Download report (CSV)
                <span className="sr-only"> for {label}</span>
              </a>
            </Button>
            <Button
              type="button"
              variant="outline"
              className="flex-1 sm:flex-none"
              disabled={!report}
              onClick={() => window.print()}
            >
              <Printer aria-hidden="true" />
              Print
              <span className="sr-only"> the {label} summary</span>
            </Button>
          </div>
        </div>

        <section aria-labelledby={SUMMARY_HEADING_ID} aria-busy={load.status === 'loading' || undefined}>
          <h3 id={SUMMARY_HEADING_ID} className="mb-4 text-lg font-semibold">
            {summaryHeading(period)}
          </h3>

          {/* Always present, so that screen readers hear what a change of month found. */}
          <p className="sr-only" role="status">
            {announcement(load, label)}
          </p>

          {load.status === 'loading' && (
            <div className="grid gap-3">
              <Skeleton className="h-14 w-full" />
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-20 w-full" />
              ))}
            </div>
          )}

          {load.status === 'error' && (
            <ErrorAlert message={load.message}>
              <Button variant="outline" size="sm" onClick={onRetry} className="mt-2 text-foreground">
                Try again
              </Button>
            </ErrorAlert>
          )}

          {report && report.groups.length === 0 && (
            <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
              <CalendarSearch className="size-5 shrink-0" aria-hidden="true" />
              <p>No conversions found for this month.</p>
            </div>
          )}

          {report && report.groups.length > 0 && (
            <div className="grid gap-4">
              <Totals report={report} />
              <ul aria-label={`Payments by client, ${label}`} className="grid gap-3">
                {report.groups.map((group) => (
                  <PaymentGroup
                    key={group.clientId}
                    group={group}
                    expanded={expanded.has(groupKey(group))}
                    onExpandedChange={setGroupExpanded}
                    isBusy={isBusy}
                    payingAll={isPayingAll(group.clientId)}
                    onToggle={onToggle}
                    onPayAll={(g) => onPayAll(g, { year: report.year, month: report.month })}
                  />
                ))}
              </ul>
              <LoadMore
                shownText={`Showing ${report.groups.length.toLocaleString('en-GB')} of ${report.clients.toLocaleString('en-GB')} ${report.clients === 1 ? 'client' : 'clients'}`}
                label="Load more clients"
                srLabel={`for ${label}`}
                hasMore={Boolean(report.nextCursor)}
                loading={more.loading}
                error={more.error}
                onLoadMore={onLoadMore}
              />
            </div>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
