'use client';

import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { fileTooLargeText, formatCount } from '@/components/imports/import-helpers';
import { ErrorAlert } from '@/components/shared/error-alert';
import { nativeSelectClass } from '@/components/shared/period-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiFetch, ApiError, errorMessage } from '@/lib/client/api';
import { endpointMutation } from '@/lib/contract/client';
import { urlOf } from '@/lib/contract/endpoint';
import { uploadRecords } from '@/lib/contract/practice-records';
import type { PracticeUploadDto, PracticeUploadMappingDto } from '@/lib/dto/practice-upload';
import { formatDate } from '@/lib/format';
import { UPLOAD_FIELD_ROWS, type UploadField } from '@/lib/practice/upload-mapping';
import { IMPORT_MAX_BYTES } from '@/lib/validation/imports';
import type { PracticeRecordKind } from '@/lib/validation/practice-records';
import { cn } from '@/lib/utils';

const ACCEPT = '.csv,.xlsx';

/** What the file holds, as the practice's reports name them. */
const KINDS: readonly { kind: PracticeRecordKind; label: string }[] = [
  { kind: 'treatment_started', label: 'Completed appointments' },
  { kind: 'first_visit', label: 'New patients (first visit)' },
  { kind: 'payment', label: 'Payments' },
];

/** The select's value for 'not in the file'. */
const NONE = '';

interface Send {
  file: File;
  kind: PracticeRecordKind;
  mapping: PracticeUploadMappingDto | null;
}

/** POST /api/practice-records/upload: the file sent again each time (the server keeps nothing between calls). */
function send({ file, kind, mapping }: Send, commit: boolean): Promise<PracticeUploadDto> {
  const body = new FormData();
  body.append('kind', kind);
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('commit', commit ? 'true' : 'false');
  body.append(uploadRecords.upload.field, file);
  return apiFetch<PracticeUploadDto>(urlOf(uploadRecords), { method: 'POST', body });
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 413)
      return 'The file is larger than 20 MB. Split it into smaller files and upload each.';
    if (error.status === 415)
      return 'This is not a CSV or an Excel .xlsx file. Save the report from your practice system as CSV or .xlsx and upload it again.';
  }
  return errorMessage(error, 'The file could not be read. Please try again.');
}

/** The columns a 400 for an unusable mapping names (the server adds the file's headers and the mapping tried). */
function refusedColumns(error: unknown): { headers: string[]; mapping: PracticeUploadMappingDto } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const { headers, mapping } = error.body;
  if (!Array.isArray(headers) || !headers.every((h) => typeof h === 'string')) return null;
  if (typeof mapping !== 'object' || mapping === null) return null;
  const given = mapping as Record<string, unknown>;
  const full = Object.fromEntries(
    UPLOAD_FIELD_ROWS.map(({ field }) => [field, typeof given[field] === 'string' ? given[field] : null]),
  ) as PracticeUploadMappingDto;
  return { headers: headers as string[], mapping: full };
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** '3 records taken: 2 new, 1 matched, 1 proposed to confirm.' */
export function takenText(counts: NonNullable<PracticeUploadDto['counts']>): string {
  const text =
    `${plural(counts.received, 'record')} taken: ${formatCount(counts.new)} new, ` +
    `${formatCount(counts.matched)} matched, ${formatCount(counts.proposed)} proposed to confirm.`;
  return counts.confirmed > 0
    ? `${text} ${plural(counts.confirmed, 'referral')} started automatically (the clinic’s setting).`
    : text;
}

/**
 * Issue 34: a practice system's export uploaded by staff. The file is read and checked on the server and
 * previewed here (its columns, the first records as they will be kept, the rows with problems) with nothing
 * written; "Take N records" sends the same file again with the columns chosen, and the records go to the
 * matching. The browser keeps the file between the two: the server keeps nothing.
 */
export function PracticeUpload({ onDone }: { onDone?: () => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<PracticeRecordKind>('treatment_started');
  const [mapping, setMapping] = useState<PracticeUploadMappingDto | null>(null);
  // The file's columns, kept while a change of columns is refused (the preview is then gone).
  const [headers, setHeaders] = useState<string[]>([]);
  const [preview, setPreview] = useState<PracticeUploadDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string>('');

  const previewing = useMutation({
    mutationKey: ['practice-upload-preview'],
    mutationFn: (input: Send) => send(input, false),
  });
  const { mutationKey, meta } = endpointMutation(uploadRecords);
  const taking = useMutation({ mutationKey, meta, mutationFn: (input: Send) => send(input, true) });
  const busy = previewing.isPending || taking.isPending;

  async function look(input: Send) {
    setProblem(null);
    setStatus('');
    try {
      const result = await previewing.mutateAsync(input);
      setPreview(result);
      setMapping(result.mapping);
      setHeaders(result.headers);
    } catch (error) {
      // The preview no longer matches what is chosen: nothing can be taken until it does.
      setPreview(null);
      setProblem(failureText(error));
      // A mapping the file cannot fill (no date column, say) comes with the file's columns: choose from them.
      const columns = refusedColumns(error);
      if (columns) {
        setHeaders(columns.headers);
        setMapping(columns.mapping);
      }
    }
  }

  function choose(chosen: File | undefined) {
    if (!chosen || busy) return;
    setFile(chosen);
    setMapping(null);
    setHeaders([]);
    setPreview(null);
    const tooLarge = fileTooLargeText(chosen.size, IMPORT_MAX_BYTES);
    if (tooLarge) {
      setStatus('');
      setProblem(`${chosen.name} could not be read. ${tooLarge}`);
      return;
    }
    void look({ file: chosen, kind, mapping: null });
  }

  function changeKind(next: PracticeRecordKind) {
    setKind(next);
    if (file) void look({ file, kind: next, mapping });
  }

  function changeColumn(field: UploadField, header: string) {
    if (!file || !mapping) return;
    const next = { ...mapping, [field]: header === NONE ? null : header };
    // A column fills one field: chosen for another, it leaves the field that had it.
    if (header !== NONE)
      for (const row of UPLOAD_FIELD_ROWS)
        if (row.field !== field && next[row.field] === header) next[row.field] = null;
    setMapping(next);
    void look({ file, kind, mapping: next });
  }

  async function take() {
    if (!file || !preview || busy) return;
    setProblem(null);
    try {
      const result = await taking.mutateAsync({ file, kind, mapping: preview.mapping });
      setStatus(result.counts ? takenText(result.counts) : '');
      setPreview(null);
      setMapping(null);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onDone?.();
    } catch (error) {
      setProblem(failureText(error));
    }
  }

  const withProblems = preview ? preview.rows - preview.valid : 0;

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-file`}>Upload a practice export</Label>
          <Input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-describedby={`${id}-file-hint`}
            className="h-auto py-2 pointer-coarse:h-auto pointer-coarse:min-h-11"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p id={`${id}-file-hint`} className="text-sm text-muted-foreground">
            A CSV or Excel .xlsx report from your practice system, up to 20 MB: a name and a date on each row
            (an email, phone or patient ID makes the match surer). Nothing is saved until you take the
            records.
          </p>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-kind`}>What the file holds</Label>
          <select
            id={`${id}-kind`}
            className={cn(nativeSelectClass, 'pointer-coarse:h-11')}
            value={kind}
            disabled={busy}
            onChange={(event) => changeKind(event.target.value as PracticeRecordKind)}
          >
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div aria-live="polite" className="min-h-5 text-sm">
        {previewing.isPending && (
          <span className="flex items-center gap-2">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Reading and checking {file?.name ?? 'the file'}…
          </span>
        )}
        {taking.isPending && (
          <span className="flex items-center gap-2">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Taking the records and looking for matches…
          </span>
        )}
      </div>
      <p role="status" className={cn('text-sm font-medium', !status && 'sr-only')}>
        {status}
      </p>
      {problem && <ErrorAlert message={problem} />}

      {file && mapping && (
        <section aria-labelledby={`${id}-columns`} className="grid gap-4">
          <h3 id={`${id}-columns`} className="font-semibold">
            Columns
          </h3>
          <p className="text-sm text-muted-foreground">
            Which column of the file fills each field. We have guessed from the headers: check each one and
            change it if it is wrong. The preview below follows every change.
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {UPLOAD_FIELD_ROWS.map(({ field, label, hint }) => {
              const selectId = `${id}-${field}`;
              return (
                <div key={field} className="grid content-start gap-2">
                  <Label htmlFor={selectId}>{label}</Label>
                  <select
                    id={selectId}
                    className={cn(nativeSelectClass, 'pointer-coarse:h-11')}
                    value={mapping[field] ?? NONE}
                    disabled={taking.isPending}
                    aria-describedby={`${selectId}-hint`}
                    onChange={(event) => changeColumn(field, event.target.value)}
                  >
                    <option value={NONE}>Not in the file</option>
                    {headers.map((header) => (
                      <option key={header} value={header}>
                        {header}
                      </option>
                    ))}
                  </select>
                  <p id={`${selectId}-hint`} className="text-sm text-muted-foreground">
                    {hint}
                  </p>
                </div>
              );
            })}
          </div>
        </section>
      )}

      {preview && (
        <section aria-labelledby={`${id}-preview`} className="grid gap-4">
          <h3 id={`${id}-preview`} className="font-semibold">
            Preview of {preview.fileName}
          </h3>
          <p className="text-sm">
            {plural(preview.rows, 'row')}: {formatCount(preview.valid)} can be taken
            {withProblems > 0 ? `, ${formatCount(withProblems)} with problems (left out)` : ''}.
          </p>

          {preview.sample.length > 0 && (
            <div
              className="overflow-auto rounded-md border"
              tabIndex={0}
              aria-label="The first records as they will be kept, scrollable"
            >
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-16">Row</TableHead>
                    <TableHead>Name</TableHead>
                    <TableHead>Email</TableHead>
                    <TableHead>Phone</TableHead>
                    <TableHead>Date</TableHead>
                    <TableHead>Patient ID</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {preview.sample.map((r) => (
                    <TableRow key={r.row}>
                      <TableCell className="tabular-nums">{r.row}</TableCell>
                      <TableCell className="whitespace-normal">
                        {r.firstName} {r.lastName}
                      </TableCell>
                      <TableCell className="whitespace-normal break-all">{r.email ?? '—'}</TableCell>
                      <TableCell>{r.phone ?? '—'}</TableCell>
                      <TableCell>{formatDate(`${r.eventDate}T12:00:00Z`)}</TableCell>
                      <TableCell>{r.externalPatientId ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}

          {preview.problems.length > 0 && (
            <div className="grid gap-2">
              <h4 id={`${id}-problems`} className="text-sm font-semibold">
                Rows left out
                {withProblems > preview.problems.length
                  ? ` (the first ${formatCount(preview.problems.length)} of ${formatCount(withProblems)})`
                  : ''}
              </h4>
              <ul
                aria-labelledby={`${id}-problems`}
                className="max-h-64 list-none overflow-auto rounded-md border p-3 text-sm"
                tabIndex={0}
              >
                {preview.problems.map((p) => (
                  <li key={p.row}>
                    Row {p.row}: {p.reasons.join('; ')}
                  </li>
                ))}
              </ul>
            </div>
          )}

          <div>
            <Button
              type="button"
              onClick={() => void take()}
              disabled={busy || preview.valid === 0}
              className="pointer-coarse:min-h-11"
            >
              {taking.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Take {plural(preview.valid, 'record')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
