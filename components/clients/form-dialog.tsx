'use client';

import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorAlert } from './error-alert';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Shown above the buttons; what was typed stays. */
  error: string | null;
  errorId: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  /** Further buttons, placed before Cancel. */
  actions?: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/** An edit dialog with one form, Cancel and a busy-aware submit button (focus is trapped, then returned). */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  error,
  errorId,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  actions,
  onCloseAutoFocus,
  children,
}: FormDialogProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {error && <ErrorAlert id={errorId} message={error} />}
          <DialogFooter className="flex-wrap">
            {actions}
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
