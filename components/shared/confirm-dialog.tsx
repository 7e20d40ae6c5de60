'use client';

import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { AlertDialogCancel } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/client/api';
import { DialogFrame } from './dialog-frame';
import { ErrorAlert } from './error-alert';

/** Type-to-confirm: the action waits until this text (any case, spaces trimmed) is typed. */
export interface TypeToConfirm {
  /** What must be typed: the client's or referral's name. */
  text: string;
  /** The input's id. */
  id: string;
  /** Said once the typed text can no longer become `text`, or on Enter or leaving the field. */
  mismatchText: string;
  /** Whether the typed text confirms; by default it equals `text` ignoring case and outer spaces. */
  matches?: (typed: string) => boolean;
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  title: ReactNode;
  description: ReactNode;
  /** 'Delete Client' */
  confirmLabel: string;
  /** 'Deleting...' */
  busyLabel?: string;
  /** Destructive actions get the red button with a bin. */
  destructive?: boolean;
  typeToConfirm?: TypeToConfirm;
  /** The id of the error alert. */
  errorId: string;
  /**
   * Does the thing. When it throws, `failureText` (or the error's own message) is shown and the dialog stays
   * open; closing on success is the caller's choice (usually by showing what happened).
   */
  onConfirm: () => Promise<void>;
  failureText?: (error: unknown) => string;
  /** Not ready to confirm yet (what is owed is still being checked, say). */
  confirmDisabled?: boolean;
  /** Read after the confirm button's name: the amount that will be cancelled, say. */
  confirmDescribedBy?: string;
  /** Shown between the description and the field. */
  children?: ReactNode;
}

const sameText = (typed: string, text: string) =>
  typed.trim().toLocaleLowerCase('en-GB') === text.trim().toLocaleLowerCase('en-GB');

/**
 * The one confirmation dialog: a question, what it will do, and (for deletions that cannot be undone) a
 * field where the name must be typed first. Enter confirms; Escape and Cancel do nothing while it works.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  confirmLabel,
  busyLabel = 'Deleting...',
  destructive = true,
  typeToConfirm,
  errorId,
  onConfirm,
  failureText = (e) => errorMessage(e),
  confirmDisabled = false,
  confirmDescribedBy,
  children,
}: ConfirmDialogProps) {
  const form = useForm<{ typed: string; attempted: boolean }>({
    defaultValues: { typed: '', attempted: false },
  });
  const typed = useWatch({ control: form.control, name: 'typed' });
  const attempted = useWatch({ control: form.control, name: 'attempted' });
  const busy = form.formState.isSubmitting;
  const failure = form.formState.errors.root?.message;

  const target = typeToConfirm?.text ?? '';
  const matches = !typeToConfirm || (typeToConfirm.matches ?? ((t: string) => sameText(t, target)))(typed);
  // Said as soon as the text can no longer become the name, not while it is still being typed.
  const cannotMatch =
    typed.trim() !== '' &&
    !target.toLocaleLowerCase('en-GB').startsWith(typed.trimStart().toLocaleLowerCase('en-GB'));
  const mismatch = !!typeToConfirm && !matches && (cannotMatch || (attempted && typed.trim() !== ''));
  const message = mismatch ? typeToConfirm.mismatchText : failure;

  const submit = form.handleSubmit(async () => {
    if (!matches) {
      form.setValue('attempted', true);
      return;
    }
    if (confirmDisabled) return;
    try {
      await onConfirm();
    } catch (e) {
      form.setError('root', { message: failureText(e) });
    }
  });

  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) form.reset();
        onOpenChange(next);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={description}
      wrap={(content) => (
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            {content}
          </form>
        </Form>
      )}
      footer={
        <>
          <AlertDialogCancel type="button" disabled={busy}>
            Cancel
          </AlertDialogCancel>
          <Button
            type="submit"
            variant={destructive ? 'destructive' : 'default'}
            disabled={!matches || busy || confirmDisabled}
            aria-describedby={
              [confirmDescribedBy, !typeToConfirm && message ? errorId : undefined]
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            {destructive && <Trash2 aria-hidden="true" />}
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {typeToConfirm && (
        <FormField
          control={form.control}
          name="typed"
          render={({ field }) => (
            <FormItem id={typeToConfirm.id} describedBy={message ? errorId : undefined}>
              <FormLabel className="block leading-normal">
                Type <span className="font-semibold break-words">{typeToConfirm.text}</span> to confirm
              </FormLabel>
              <FormControl>
                <Input
                  {...field}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={mismatch || undefined}
                  onChange={(e) => {
                    field.onChange(e);
                    form.setValue('attempted', false);
                    form.clearErrors('root');
                  }}
                  onBlur={() => {
                    field.onBlur();
                    form.setValue('attempted', true);
                  }}
                />
              </FormControl>
            </FormItem>
          )}
        />
      )}
      {message && <ErrorAlert id={errorId} message={message} />}
    </DialogFrame>
  );
}
