'use client';

import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeDialog } from '@/components/shared/notice-dialog';
import { CopyableLink } from './copyable-link';
import { useQrDownload } from './use-qr-download';
import { QrImage } from './qr-image';
import { clientName, shareUrl, type ClientDto } from './types';

interface QrDialogProps {
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Show QR (issue 29, point 10): the client's referral QR code on screen, to scan at the desk from the client's
 * own phone, with the card number, the card's one link and the 300 px download.
 */
export function QrDialog({ client, open, onOpenChange, onCloseAutoFocus }: QrDialogProps) {
  const name = clientName(client);
  const { downloading, download } = useQrDownload(client, name);

  return (
    <NoticeDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      tone="plain"
      title={`QR code of ${name}`}
      description="Scanning it opens the recommendation form with this client as the referrer."
      closeLabel="Close"
    >
      <div className="grid justify-items-center gap-2">
        <QrImage cardNumber={client.cardNumber} name={name} />
        <p className="font-mono text-sm whitespace-nowrap">{client.cardNumber}</p>
        <Button
          type="button"
          variant="outline"
          aria-disabled={downloading || undefined}
          className="aria-disabled:opacity-50"
          onClick={download}
        >
          <Download aria-hidden="true" />
          {downloading ? 'Downloading...' : 'Download QR code'}
        </Button>
      </div>
      <CopyableLink label="Card link" url={shareUrl(client)} />
    </NoticeDialog>
  );
}
