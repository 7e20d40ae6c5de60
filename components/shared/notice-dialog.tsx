'use client';

import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface NoticeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  title: ReactNode;
  description: ReactNode;
  /** 'success' puts a green tick before the title, 'warning' an amber mark; 'plain' nothing. */
  tone?: 'success' | 'warning' | 'plain';
  /** The one button that closes it: 'Done' by default. */
  closeLabel?: string;
  /**
   * 'alertdialog' for news the person must acknowledge (a deletion), 'dialog' for a result they may also
   * act on (a link to copy). Screen readers announce them differently.
   */
  role?: 'dialog' | 'alertdialog';
  /** Details below the description: the client's card number, a link to copy. */
  children?: ReactNode;
  /** Runs when the close button is pressed (besides closing). */
  onClose?: () => void;
}

/** A result to tell: "Client Added Successfully", "Client Deleted Successfully", "Link copied". */
export function NoticeDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  tone = 'success',
  closeLabel = 'Done',
  role = 'dialog',
  children,
  onClose,
}: NoticeDialogProps) {
  const heading = (
    <>
      {tone === 'success' && <CircleCheck className="size-5 text-green-600" aria-hidden="true" />}
      {tone === 'warning' && <CircleAlert className="size-5 text-amber-600" aria-hidden="true" />}
      {title}
    </>
  );

  if (role === 'alertdialog') {
    return (
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle className={tone === 'plain' ? undefined : 'flex items-center gap-2'}>
              {heading}
            </AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          {children}
          <AlertDialogFooter>
            <AlertDialogAction onClick={onClose}>{closeLabel}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className={tone === 'plain' ? undefined : 'flex items-center gap-2'}>
            {heading}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button onClick={onClose}>{closeLabel}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
