'use client';

import { CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
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

interface ClientAddedDialogProps {
  client: ClientDto;
  /** Whether the web link reached the clipboard. */
  copied: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function ClientAddedDialog({
  client,
  copied,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ClientAddedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleCheck className="size-5 text-green-600" aria-hidden="true" />
            Client Added Successfully
          </DialogTitle>
          <DialogDescription>
            {copied
              ? 'The web link to their Referral Reward Card has been copied to your clipboard.'
              : 'Their Referral Reward Card is ready. Copy the web link below to share it.'}
          </DialogDescription>
        </DialogHeader>
        <ClientDetails
          items={[
            { label: 'Client name', value: clientName(client) },
            { label: 'Card number', value: <span className="font-mono">{client.cardNumber}</span> },
            { label: 'Mobile app link', value: <Badge variant="secondary">Coming soon</Badge> },
          ]}
        />
        <CopyableLink label="Web link" url={client.webUrl} />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
