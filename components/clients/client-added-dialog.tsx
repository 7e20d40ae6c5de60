'use client';

import { NoticeDialog } from '@/components/shared/notice-dialog';
import { ClientDetails } from './client-details';
import { CopyableLink } from './copyable-link';
import { clientName, shareUrl, type ClientDto } from './types';

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
    <NoticeDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Client Added Successfully"
      description={
        copied
          ? 'The web link to their Referral Reward Card has been copied to your clipboard.'
          : 'Their Referral Reward Card is ready. Copy the web link below to share it.'
      }
    >
      <ClientDetails
        items={[
          { label: 'Client name', value: clientName(client) },
          { label: 'Card number', value: <span className="font-mono">{client.cardNumber}</span> },
        ]}
      />
      {/* The card's one link (issue 29, point 7): the same as Copy link and the card email give. */}
      <CopyableLink label="Web link" url={shareUrl(client)} />
    </NoticeDialog>
  );
}
