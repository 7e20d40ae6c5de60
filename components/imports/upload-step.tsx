'use client';

import { useId, useRef, useState, type DragEvent } from 'react';
import { FileUp, LoaderCircle } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/client/api';
import type { ClientImportDto } from '@/lib/dto/imports';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@/lib/validation/imports';
import { cn } from '@/lib/utils';
import { fileTooLargeText, formatCount } from './import-helpers';
import { useUploadImport } from './queries';

const ACCEPT = [
  '.csv',
  '.xlsx',
  '.txt',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** The server's refusal in words (its own message for 400, 413 and 415), or what to do when it never answered. */
function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 413)
      return 'The file is larger than 20 MB. Split it into smaller files and upload each.';
    if (error.status === 415)
      return 'This is not a CSV or an Excel .xlsx file. Save it from your practice system or spreadsheet as CSV or .xlsx and upload it again.';
  }
  return errorMessage(error, 'The file could not be uploaded. Please try again.');
}

/**
 * Step 1: the file. A drop zone around a real, labelled file input (the keyboard reaches it like any field);
 * choosing or dropping a file sends it at once to be read and checked: nothing is written to the clients yet.
 */
export function UploadStep({ onUploaded }: { onUploaded: (imp: ClientImportDto) => void }) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const send = useUploadImport();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const busy = send.isPending;

  async function take(file: File | undefined) {
    if (!file || busy) return;
    setProblem(null);
    setFileName(file.name);
    const tooLarge = fileTooLargeText(file.size, IMPORT_MAX_BYTES);
    if (tooLarge) {
      setProblem(tooLarge);
      return;
    }
    try {
      onUploaded(await send.mutateAsync(file));
    } catch (error) {
      setProblem(uploadFailureText(error));
    } finally {
      // The same file may be chosen again after it was corrected.
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Upload a file</h2>
        </CardTitle>
        <CardDescription>
          Export your patients from your practice system (Dentally, Software of Excellence, R4, Pearl) or a
          spreadsheet. You will see what would be imported before anything is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid justify-items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-input',
          )}
        >
          <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">Drag the file here, or choose it</p>
          <div className="grid w-full max-w-sm gap-2 text-left">
            <Label htmlFor={inputId}>File to import</Label>
            <Input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              aria-describedby={[hintId, problem ? errorId : null].filter(Boolean).join(' ')}
              aria-invalid={problem ? true : undefined}
              className="h-auto py-2 pointer-coarse:h-auto pointer-coarse:min-h-11"
              onChange={(event) => void take(event.target.files?.[0])}
            />
          </div>
          <p id={hintId} className="max-w-prose text-sm text-muted-foreground">
            A CSV (comma, semicolon or tab separated) or an Excel .xlsx workbook (its first sheet), up to 20
            MB and {formatCount(IMPORT_MAX_ROWS)} rows. The first row must name the columns: a name (first and
            last, or one full name) and an email are needed.
          </p>
        </div>
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Uploading and checking {fileName ?? 'the file'}… A large file takes a few seconds.
          </p>
        )}
        {problem && (
          <ErrorAlert
            id={errorId}
            message={fileName ? `${fileName} could not be imported. ${problem}` : problem}
          />
        )}
      </CardContent>
    </Card>
  );
}
