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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <CircleCheck className="size-5 text-green-600" aria-hidden="true" />
            Client Deleted Successfully
          </AlertDialogTitle>
          <AlertDialogDescription>
            {name}&apos;s details and unpaid referrals have been deleted.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
