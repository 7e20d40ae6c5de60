'use client';

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
import { CopyableLink } from './copyable-link';
import { clientName, shareUrl, type ClientDto } from './types';

interface LinkCopiedDialogProps {
  client: ClientDto;
  /** Whether the link reached the clipboard; if not, the dialog offers it to copy by hand. */
  copied: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function LinkCopiedDialog({
  client,
  copied,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: LinkCopiedDialogProps) {
  const name = clientName(client);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{copied ? 'Webpage Link Copied' : 'Webpage Link'}</DialogTitle>
          <DialogDescription>
            {copied
              ? `The link to ${name}'s Referral Reward Card webpage has been copied to your clipboard.`
              : `The link to ${name}'s Referral Reward Card webpage could not be copied automatically.`}
          </DialogDescription>
        </DialogHeader>
        <CopyableLink label="Webpage link" url={shareUrl(client)} />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
