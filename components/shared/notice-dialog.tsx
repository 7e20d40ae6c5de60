'use client';

import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { AlertDialogAction } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { DialogFrame } from './dialog-frame';

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
  tone = 'success',
  closeLabel = 'Done',
  role = 'dialog',
  title,
  onClose,
  ...frame
}: NoticeDialogProps) {
  return (
    <DialogFrame
      {...frame}
      role={role}
      titleClassName={tone === 'plain' ? undefined : 'flex items-center gap-2'}
      title={
        <>
          {tone === 'success' && <CircleCheck className="size-5 text-green-600" aria-hidden="true" />}
          {tone === 'warning' && <CircleAlert className="size-5 text-amber-600" aria-hidden="true" />}
          {title}
        </>
      }
      footer={
        role === 'alertdialog' ? (
          <AlertDialogAction onClick={onClose}>{closeLabel}</AlertDialogAction>
        ) : (
          <DialogClose asChild>
            <Button onClick={onClose}>{closeLabel}</Button>
          </DialogClose>
        )
      }
    />
  );
}
