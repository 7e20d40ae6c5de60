'use client';

import { NoticeDialog } from '@/components/shared/notice-dialog';
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
    <NoticeDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      tone="plain"
      title={copied ? 'Webpage Link Copied' : 'Webpage Link'}
      description={
        copied
          ? `The link to ${name}'s Referral Reward Card webpage has been copied to your clipboard.`
          : `The link to ${name}'s Referral Reward Card webpage could not be copied automatically.`
      }
    >
      <CopyableLink label="Webpage link" url={shareUrl(client)} />
    </NoticeDialog>
  );
}
