'use client';

import { NoticeDialog } from '@/components/shared/notice-dialog';

interface ReferralDeletedDialogProps {
  name: string;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function ReferralDeletedDialog({
  name,
  clientName,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReferralDeletedDialogProps) {
  return (
    <NoticeDialog
      role="alertdialog"
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Referral Deleted Successfully"
      description={`The referral of ${name} has been removed from ${clientName}'s referrals.`}
      closeLabel="OK"
    />
  );
}
