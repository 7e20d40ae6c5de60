'use client';

import { NoticeDialog } from '@/components/shared/notice-dialog';
import { BACS_FORMAT_HINTS } from '@/lib/copy';

interface InvalidBacsDialogProps {
  /** The failed rule's message (spec section 5), or null when closed. */
  message: string | null;
  onClose: () => void;
  /** Focus goes back to the field to correct (Radix would only return it to a DialogTrigger). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function InvalidBacsDialog({ message, onClose, onCloseAutoFocus }: InvalidBacsDialogProps) {
  return (
    <NoticeDialog
      role="alertdialog"
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      onCloseAutoFocus={onCloseAutoFocus}
      tone="plain"
      title="Invalid BACS Details"
      description={message}
      closeLabel="OK"
      onClose={onClose}
    >
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {BACS_FORMAT_HINTS.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
    </NoticeDialog>
  );
}
