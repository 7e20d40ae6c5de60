'use client';

import { NoticeDialog } from '@/components/shared/notice-dialog';

interface ClientDeletedDialogProps {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function ClientDeletedDialog({
  name,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ClientDeletedDialogProps) {
  return (
    <NoticeDialog
      role="alertdialog"
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Client Deleted Successfully"
      description={`${name}'s details and unpaid referrals have been deleted.`}
      closeLabel="OK"
    />
  );
}
