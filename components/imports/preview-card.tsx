'use client';

import { useId, useState } from 'react';
import { Download, LoaderCircle, Play } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/client/api';
import { fileUrl } from '@/lib/contract/client';
import * as imports from '@/lib/contract/imports';
import type { ClientImportDto } from '@/lib/dto/imports';
import { cn } from '@/lib/utils';
import { countOf, formatCount, startBlockedReason, startLabel } from './import-helpers';
import { useStartImport } from './queries';

/** The four figures of a preview, side by side (two by two on a phone). */
export function ImportCounts({ imp }: { imp: ClientImportDto }) {
  const { toAdd, existing, duplicates, errors } = imp.counts;
  const figures = [
    { label: 'To add', value: toAdd, note: 'new clients', tone: '' },
    { label: 'Already clients', value: existing, note: 'same email', tone: '' },
    { label: 'Repeated in the file', value: duplicates, note: 'an earlier row has the email', tone: '' },
    { label: 'With errors', value: errors, note: 'not imported', tone: errors > 0 ? 'text-destructive' : '' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((f) => (
        <div key={f.label} className="grid content-start gap-1 rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{f.label}</dt>
          <dd className={cn('text-2xl font-semibold tabular-nums', f.tone)}>{formatCount(f.value)}</dd>
          <dd className="text-xs text-muted-foreground">{f.note}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The rows that will not be imported: row, column and what is wrong (the first 100), and all of them as a CSV. */
export function ImportProblems({ imp }: { imp: ClientImportDto }) {
  const total = imp.counts.errors + imp.counts.duplicates;
  if (total === 0) return null;
  const shown = imp.problems.length;
  return (
    <section aria-labelledby={`problems-${imp.id}`} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`problems-${imp.id}`} className="font-semibold">
          Rows that will not be imported
        </h3>
        <Button asChild variant="outline" size="sm">
          <a href={fileUrl(imports.errorsCsv, { params: { id: imp.id } })} download>
            <Download aria-hidden="true" />
            Download all errors (CSV)
          </a>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {shown < total
          ? `The first ${formatCount(shown)} of ${formatCount(total)}. The CSV has every one, with its original row and the reason: correct them there and upload that file afterwards.`
          : 'The CSV has each with its original row and the reason: correct them there and upload that file afterwards.'}
      </p>
      <div
        className="max-h-96 overflow-auto rounded-md border"
        tabIndex={0}
        aria-label="Rows that will not be imported, scrollable"
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Row</TableHead>
              <TableHead>Column</TableHead>
              <TableHead>Problem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {imp.problems.map((p) => (
              <TableRow key={`${p.row}-${p.kind}-${p.column ?? ''}`}>
                <TableCell className="tabular-nums">{p.row}</TableCell>
                <TableCell className="whitespace-normal">{p.column ?? '—'}</TableCell>
                <TableCell className="whitespace-normal">{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/**
 * Step 3: what the file would do, before anything is written. The figures, the problems, the choice for
 * clients already registered, and the button that runs it (disabled, with the reason, when it would add no one).
 */
export function PreviewCard({ imp }: { imp: ClientImportDto }) {
  const choiceName = useId();
  const reasonId = useId();
  const [updateExisting, setUpdateExisting] = useState(imp.updateExisting);
  const start = useStartImport();
  const blocked = startBlockedReason(imp, updateExisting);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Preview</h2>
        </CardTitle>
        <CardDescription>
          {countOf(imp.counts.rows, 'row')} read from {imp.fileName}
          {imp.encoding === 'windows-1252' ? ' (an older Windows export: accents read as Windows-1252)' : ''}.
          Nothing has been saved yet.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ImportCounts imp={imp} />
        <ImportProblems imp={imp} />

        {imp.counts.existing > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold">
              {countOf(imp.counts.existing, 'row')} {imp.counts.existing === 1 ? 'is' : 'are'} already{' '}
              {imp.counts.existing === 1 ? 'a client' : 'clients'} (the same email)
            </legend>
            {[
              { value: false, label: 'Skip them', note: 'Their details stay as they are.' },
              {
                value: true,
                label: 'Update their names',
                note: 'Their first and last names become the file’s.',
              },
            ].map((option) => (
              <label
                key={String(option.value)}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
              >
                <input
                  type="radio"
                  name={choiceName}
                  className="mt-0.5 size-4 accent-primary"
                  checked={updateExisting === option.value}
                  onChange={() => setUpdateExisting(option.value)}
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{option.label}</span>
                  <span className="text-sm text-muted-foreground">{option.note}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Each new client gets a card number and card link, as Add Client gives them. No one is emailed: you
            can send the cards afterwards.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              disabled={blocked !== null || start.isPending}
              aria-describedby={blocked ? reasonId : undefined}
              onClick={() => start.mutate({ params: { id: imp.id }, body: { updateExisting } })}
            >
              {start.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Play aria-hidden="true" />
              )}
              {start.isPending ? 'Starting…' : startLabel(imp, updateExisting)}
            </Button>
          </div>
          {blocked && (
            <p id={reasonId} className="text-sm text-muted-foreground">
              {blocked}
            </p>
          )}
          {start.isError && (
            <ErrorAlert
              message={errorMessage(start.error, 'The import could not be started. Please try again.')}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
