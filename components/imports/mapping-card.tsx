'use client';

import { useId, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { nativeSelectClass } from '@/components/shared/period-select';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/client/api';
import type { ClientImportDto } from '@/lib/dto/imports';
import type { ImportField } from '@/lib/validation/imports';
import { cn } from '@/lib/utils';
import { fieldLabel, IMPORT_FIELD_ROWS } from './import-helpers';
import { useRemapImport } from './queries';

/** The select's value for 'not in the file' (no header is blank: the server refuses a blank header). */
const NONE = '';

/**
 * Step 2: which column fills which field. The guess is preselected; each change is sent at once and the
 * preview below is made again with it. Only while the import is a preview.
 */
export function MappingCard({ imp }: { imp: ClientImportDto }) {
  const idPrefix = useId();
  const remap = useRemapImport();
  const [moved, setMoved] = useState<string | null>(null);
  const editable = imp.status === 'preview';
  // The choice being sent shows at once; the select is not disabled meanwhile (focus would leave it).
  const pending = remap.isPending ? remap.variables?.body.mapping : undefined;

  function change(field: ImportField, header: string) {
    remap.reset();
    // A column fills one field: chosen for another, it leaves the field that had it (which then says so).
    const previous =
      header === NONE
        ? undefined
        : IMPORT_FIELD_ROWS.find((r) => r.field !== field && imp.mapping[r.field] === header);
    setMoved(
      previous
        ? `“${header}” now fills ${fieldLabel(field)}; ${previous.label} is no longer filled from the file.`
        : null,
    );
    remap.mutate({
      params: { id: imp.id },
      body: {
        mapping: { [field]: header === NONE ? null : header, ...(previous && { [previous.field]: null }) },
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Columns</h2>
        </CardTitle>
        <CardDescription>
          {editable
            ? 'Which column of the file fills each field. We have guessed from the headers: check each one and change it if it is wrong. The preview below follows every change.'
            : 'Which column of the file filled each field.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {IMPORT_FIELD_ROWS.map(({ field, label, hint }) => {
            const id = `${idPrefix}-${field}`;
            const value =
              pending && field in pending ? (pending[field] ?? NONE) : (imp.mapping[field] ?? NONE);
            return (
              <div key={field} className="grid content-start gap-2">
                <Label htmlFor={id}>{label}</Label>
                <select
                  id={id}
                  className={cn(nativeSelectClass, 'pointer-coarse:h-11')}
                  value={value}
                  disabled={!editable}
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => change(field, event.target.value)}
                >
                  <option value={NONE}>Not in the file</option>
                  {imp.headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </select>
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {hint}
                </p>
              </div>
            );
          })}
        </div>
        <div aria-live="polite" className="min-h-5 text-sm">
          {remap.isPending ? (
            <span className="flex items-center gap-2">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              Checking every row again with these columns…
            </span>
          ) : remap.isSuccess ? (
            <span>{moved ? `${moved} ` : ''}The preview below is up to date.</span>
          ) : null}
        </div>
        {remap.isError && (
          <ErrorAlert
            message={errorMessage(remap.error, 'The columns could not be changed. Please try again.')}
          />
        )}
      </CardContent>
    </Card>
  );
}
