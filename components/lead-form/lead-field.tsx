import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The id of a field's message, for its control's aria-describedby. */
export const errorIdFor = (id: string) => `${id}-error`;

/** Touch-sized controls (48 px) with 16 px text, so that phones do not zoom into the field. */
export const LEAD_CONTROL_CLASS =
  'h-12 rounded-xl border-input/80 bg-white px-4 text-base shadow-none md:text-base dark:bg-input/30';

/** What a field's control carries: its id (the label's target), whether it is wrong, and what describes it. */
export interface LeadControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The props a control gets from its field: its id, and its message when it has one. */
export function leadControlProps(id: string, error: string | undefined, noteId?: string): LeadControlProps {
  const describedBy = [noteId, error && errorIdFor(id)].filter(Boolean).join(' ');
  return {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

interface LeadFieldProps {
  /** The control's id: the label points at it, its message is `${id}-error`. */
  id: string;
  label: string;
  /** The field's message, when it has one. */
  error?: string;
  /** Text under the control that is not an error. */
  note?: ReactNode;
  noteId?: string;
  /** The control, given leadControlProps(id, error). */
  children: ReactNode;
  className?: string;
}

/**
 * A labelled control of the lead form with its message beside it. Plain markup, so that the form works the same
 * before its script has loaded, or without one (issue 19).
 */
export function LeadField({ id, label, error, note, noteId, children, className }: LeadFieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <label
        htmlFor={id}
        data-error={Boolean(error) || undefined}
        className="flex items-center gap-2 text-[0.9375rem] leading-none font-semibold select-none data-[error=true]:text-destructive"
      >
        {label}
      </label>
      {children}
      {note && (
        <div id={noteId} className="text-sm text-muted-foreground">
          {note}
        </div>
      )}
      {error && <FieldMessage id={errorIdFor(id)}>{error}</FieldMessage>}
    </div>
  );
}

export function FieldMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
