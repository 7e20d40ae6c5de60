'use client';

import { Badge } from '@/components/ui/badge';
import { NoticeDialog } from '@/components/shared/notice-dialog';
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
    <NoticeDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      tone="plain"
      title="Mobile App Link - Coming Soon"
      description={`A preview of the link that will open ${clientName(client)}'s Referral Reward Card in the mobile app.`}
      closeLabel="Close"
    >
      <Badge variant="warning">Coming Soon</Badge>
      <CopyableLink label="App link preview" url={appLink} />
    </NoticeDialog>
  );
}
