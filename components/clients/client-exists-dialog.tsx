'use client';

import { NoticeDialog } from '@/components/shared/notice-dialog';
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
    <NoticeDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      tone="warning"
      title="Client Already Exists"
      description={message}
      closeLabel="OK"
    >
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
    </NoticeDialog>
  );
}
