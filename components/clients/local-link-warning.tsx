'use client';

import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import type { AppUrlDto } from '@/lib/dto/clients';

interface LocalLinkWarningProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  appUrl: AppUrlDto;
  /** Who the card is for, as the email would address them. */
  recipient: string;
  onConfirm: () => Promise<void>;
}

/**
 * Issue 29, point 6: before a card email goes out while APP_URL is this computer's or this network's address,
 * staff are told that the link in it will not open on the client's phone. They can still send it (a test to
 * themselves, a clinic whose patients share its network), having read why they may not want to.
 */
export function LocalLinkWarning({
  open,
  onOpenChange,
  onCloseAutoFocus,
  appUrl,
  recipient,
  onConfirm,
}: LocalLinkWarningProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="This card's link will not open for the client"
      description={`The card email to ${recipient} links to ${appUrl.origin}, an address that only this computer or the clinic's own network can open. On the client's phone the link and the QR code will not work.`}
      confirmLabel="Send anyway"
      busyLabel="Sending..."
      destructive={false}
      errorId="local-link-warning-error"
      onConfirm={onConfirm}
    >
      <p className="text-sm text-muted-foreground">
        {appUrl.state === 'unset' ? 'APP_URL is not set. ' : 'APP_URL is a local address. '}
        Ask the person who runs the app to set APP_URL to the clinic&apos;s public address (for example
        https://referrals.yourclinic.co.uk) and restart it; then send the card again.
      </p>
    </ConfirmDialog>
  );
}
