'use client';

import { useState, type ReactNode } from 'react';
import { BarChart3, Download, Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadText } from '@/lib/client/download';
import { toCsv, type CsvCell } from '@/lib/csv';
import { cn } from '@/lib/utils';

/** One column of what a chart shows: its heading, its value in the CSV, and how the table writes it. */
export interface Column<Row> {
  /** The CSV's heading, and the table's unless `heading` is given. */
  label: string;
  heading?: string;
  csv: (row: Row) => CsvCell;
  show?: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** The numbers behind a chart: the same rows feed the table view and the CSV. */
export interface Dataset<Row> {
  fileName: string;
  columns: Column<Row>[];
  rows: Row[];
}

export function datasetCsv<Row>({ columns, rows }: Pick<Dataset<Row>, 'columns' | 'rows'>): string {
  return toCsv(
    columns.map((c) => c.label),
    rows.map((row) => columns.map((c) => c.csv(row))),
  );
}

/**
 * A card holding a chart, with "Show as table" (the same numbers, for reading exactly or with a screen
 * reader) and "Download CSV" (what is shown, for a spreadsheet).
 */
export function ChartCard<Row>({
  title,
  description,
  dataset,
  children,
  footer,
  className,
  tableOnly = false,
}: {
  title: string;
  description?: ReactNode;
  dataset: Dataset<Row>;
  /** The chart; a card without one shows the table. */
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  tableOnly?: boolean;
}) {
  const [asTable, setAsTable] = useState(false);
  const showTable = tableOnly || asTable;
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-base font-semibold">{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        <div className="-ml-2.5 flex flex-wrap gap-1">
          {!tableOnly && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
            >
              {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
              <span>{asTable ? 'Show as chart' : 'Show as table'}</span>
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => downloadText(datasetCsv(dataset), dataset.fileName)}
          >
            <Download aria-hidden="true" />
            <span>
              CSV<span className="sr-only"> of {title.toLowerCase()}</span>
            </span>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 px-4 sm:px-6">
        {showTable ? <DatasetTable title={title} dataset={dataset} /> : children}
        {footer}
      </CardContent>
    </Card>
  );
}

function DatasetTable<Row>({ title, dataset }: { title: string; dataset: Dataset<Row> }) {
  // A region of its own that takes focus, so a keyboard can scroll it when it is wider than a phone.
  return (
    <div
      role="region"
      aria-label={`${title} as a table`}
      tabIndex={0}
      className="w-full overflow-x-auto rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">{title}</caption>
        <TableHeader>
          <TableRow>
            {dataset.columns.map((c) => (
              <TableHead key={c.label} scope="col" className={cn(c.numeric && 'text-right')}>
                {c.heading ?? c.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {dataset.rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={dataset.columns.length} className="text-muted-foreground">
                Nothing in these months.
              </TableCell>
            </TableRow>
          )}
          {dataset.rows.map((row, i) => (
            <TableRow key={i}>
              {dataset.columns.map((c) => (
                <TableCell key={c.label} className={cn(c.numeric && 'text-right tabular-nums')}>
                  {c.show ? c.show(row) : String(c.csv(row) ?? '')}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  );
}
