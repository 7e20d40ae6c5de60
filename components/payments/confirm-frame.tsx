'use client';

import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/**
 * The Payments tab's confirmations (Paid Now, Pay All Outstanding, Download Bank File): an alert dialog whose
 * description is several paragraphs (who is paid, where it goes, who is left out), read out by its id, then the
 * footer's buttons. (components/shared/dialog-frame.tsx takes a one-paragraph description.)
 */
export function ConfirmFrame({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  descriptionId,
  description,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  title: ReactNode;
  descriptionId: string;
  /** The paragraphs, in a grid. */
  description: ReactNode;
  footer: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus} aria-describedby={descriptionId}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription id={descriptionId} asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {footer}
      </AlertDialogContent>
    </AlertDialog>
  );
}
