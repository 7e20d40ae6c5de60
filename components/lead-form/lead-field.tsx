import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { FormFieldScope, FormItem, FormLabel, useFormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import type { LeadFieldName } from './lead-form-logic';
import { cn } from '@/lib/utils';

/** The id of a field's message, for its control's aria-describedby. */
export const errorIdFor = (id: string) => `${id}-error`;

/** Touch-sized controls (48 px) with 16 px text, so that phones do not zoom into the field. */
export const LEAD_CONTROL_CLASS =
  'h-12 rounded-xl border-input/80 bg-white px-4 text-base shadow-none md:text-base dark:bg-input/30';

interface LeadFieldProps {
  /** The form field (registered with `form.register`); no name for a read-only display. */
  name?: LeadFieldName;
  /** The control's id: the label points at it, its message is `${id}-error`. */
  id: string;
  label: string;
  /** Text under the control that is not an error (read with it through aria-describedby). */
  note?: ReactNode;
  noteId?: string;
  /** The control, inside a FormControl (which gives it its id, aria-invalid and aria-describedby). */
  children: ReactNode;
  className?: string;
}

/**
 * A labelled control of the lead form with its message beside it, on components/ui/form.tsx. The inputs stay
 * registered with `form.register` (uncontrolled: the phone box edits its own value as it is typed).
 */
export function LeadField({ name, id, label, note, noteId, children, className }: LeadFieldProps) {
  const item = (
    <FormItem id={id} className={cn('grid content-start gap-2', className)}>
      {name ? (
        <FormLabel className="text-[0.9375rem] font-semibold">{label}</FormLabel>
      ) : (
        <Label htmlFor={id} className="text-[0.9375rem] font-semibold">
          {label}
        </Label>
      )}
      {children}
      {note && (
        <div id={noteId} className="text-sm text-muted-foreground">
          {note}
        </div>
      )}
      {name && <LeadMessage />}
    </FormItem>
  );
  return name ? <FormFieldScope name={name}>{item}</FormFieldScope> : item;
}

/** The field's message, with its icon. */
export function LeadMessage() {
  const { error, formMessageId } = useFormField();
  return error?.message ? <FieldMessage id={formMessageId}>{error.message}</FieldMessage> : null;
}

export function FieldMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
