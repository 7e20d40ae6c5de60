'use client';

import type { ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { DialogFrame } from './dialog-frame';
import { ErrorAlert } from './error-alert';

interface FormDialogProps<T extends FieldValues, O extends FieldValues = T> {
  /**
   * The dialog's React Hook Form; its `root` error is the alert above the buttons. `O` is what its schema makes
   * of the values (useSchemaForm), which `onSubmit` receives.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context, as UseFormReturn<T> has
  form: UseFormReturn<T, any, O>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The id of the form-level alert, for fields it concerns (FormItem's describedBy). */
  errorId: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: SubmitHandler<O>;
  /** Called instead of `onSubmit` when the form's schema refuses the values (a dialog that says why). */
  onInvalid?: SubmitErrorHandler<T>;
  /** Further buttons, placed before Cancel. */
  actions?: ReactNode;
  /** Set while one of those buttons works: the submit button waits too. */
  busy?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/**
 * An edit dialog holding one form: fields, the form-level error, Cancel and a submit button that is busy while
 * the submit handler runs (focus is trapped, then returned). What was typed stays when saving fails.
 */
export function FormDialog<T extends FieldValues, O extends FieldValues = T>({
  form,
  open,
  onOpenChange,
  title,
  description,
  errorId,
  submitLabel,
  busyLabel,
  onSubmit,
  onInvalid,
  actions,
  busy: otherBusy = false,
  onCloseAutoFocus,
  children,
}: FormDialogProps<T, O>) {
  const submitting = form.formState.isSubmitting;
  const error = form.formState.errors.root?.message;

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={description}
      wrap={(content) => (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
            {content}
          </form>
        </Form>
      )}
      footerClassName="flex-wrap"
      footer={
        <>
          {actions}
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={submitting || otherBusy}>
            {submitting ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && <ErrorAlert id={errorId} message={error} />}
    </DialogFrame>
  );
}
