'use client';

import { CircleAlert } from 'lucide-react';
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
import { ClientDetails } from './client-details';
import { CopyableLink } from './copyable-link';
import { clientName, type ClientDto } from './types';

interface ClientExistsDialogProps {
  client: ClientDto;
  message: string;
  /** Whether the branded link reached the clipboard. */
  copied: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function ClientExistsDialog({
  client,
  message,
  copied,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ClientExistsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleAlert className="size-5 text-amber-600" aria-hidden="true" />
            Client Already Exists
          </DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <ClientDetails
          items={[
            { label: 'Name', value: clientName(client) },
            { label: 'Email', value: client.email },
            { label: 'Card number', value: <span className="font-mono">{client.cardNumber}</span> },
          ]}
        />
        <p className="text-sm">
          {copied
            ? 'Their branded link has been copied to your clipboard.'
            : 'Copy their branded link below to share it.'}
        </p>
        <CopyableLink label="Branded link" url={client.brandedUrl} />
        <DialogFooter>
          <DialogClose asChild>
            <Button>OK</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
