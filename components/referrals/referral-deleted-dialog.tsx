'use client';

import { CircleCheck } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <CircleCheck className="size-5 text-green-600" aria-hidden="true" />
            Referral Deleted Successfully
          </AlertDialogTitle>
          <AlertDialogDescription>
            The referral of {name} has been removed from {clientName}&apos;s referrals.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
