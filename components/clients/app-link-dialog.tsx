'use client';

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
import { CopyableLink } from './copyable-link';
import { clientName, type ClientDto } from './types';

/** A random id for the app link preview (crypto.randomUUID needs a secure context). */
function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The card link with a sessionId parameter, as the mobile app will open it. */
export function appLinkFor(client: ClientDto): string {
  const url = new URL(client.webUrl, window.location.origin);
  url.searchParams.set('sessionId', newSessionId());
  return url.toString();
}

interface AppLinkDialogProps {
  client: ClientDto;
  /** Made once when the dialog opens, so it does not change while shown. */
  appLink: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function AppLinkDialog({ client, appLink, open, onOpenChange, onCloseAutoFocus }: AppLinkDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Mobile App Link - Coming Soon</DialogTitle>
          <DialogDescription>
            A preview of the link that will open {clientName(client)}&apos;s Referral Reward Card in the
            mobile app.
          </DialogDescription>
        </DialogHeader>
        <Badge variant="warning">Coming Soon</Badge>
        <CopyableLink label="App link preview" url={appLink} />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
