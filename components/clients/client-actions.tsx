'use client';

import { useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Building2,
  Download,
  FileDown,
  Landmark,
  Link2,
  Mail,
  MoreHorizontal,
  Pencil,
  QrCode,
  Trash2,
  UserPlus,
} from 'lucide-react';
import { toast } from 'sonner';
import { downloadFrom } from '@/lib/client/download-link';
import { errorMessage } from '@/lib/client/api';
import { fileUrl } from '@/lib/contract/client';
import * as clients from '@/lib/contract/clients';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LocalLinkWarning } from './local-link-warning';
import { useSendCard } from './mutations';
import { useQrDownload } from './use-qr-download';
import { appUrlQuery } from './queries';
import { clientName, type ClientDto } from './types';

export type ClientAction = 'edit' | 'affiliate' | 'bacs' | 'qr' | 'webLink' | 'addReferral' | 'delete';

interface ClientActionsProps {
  client: ClientDto;
  isFullAdmin: boolean;
  onAction: (action: ClientAction, client: ClientDto) => void;
}

/** What became of the newest card email, in words for the row: when it went, or that it waits or failed. */
export function cardEmailText(cardEmail: ClientDto['cardEmail']): string | null {
  if (!cardEmail) return null;
  if (cardEmail.sentAt) return `Card sent ${formatDateTime(cardEmail.sentAt)}`;
  if (cardEmail.status === 'failed') return `Card email failed (${formatDateTime(cardEmail.requestedAt)})`;
  if (cardEmail.status === 'cancelled') return 'Card email not sent (the email address was corrected)';
  return `Card email waiting to send (${formatDateTime(cardEmail.requestedAt)})`;
}

interface LabelledButtonProps extends React.ComponentProps<typeof Button> {
  icon: ReactNode;
  label: string;
  /** Read after the label, naming the client: the visible label starts the accessible name. */
  srText: string;
}

function LabelledButton({ icon, label, srText, className, ...props }: LabelledButtonProps) {
  return (
    <Button type="button" variant="outline" size="sm" className={className} {...props}>
      {icon}
      {label}
      <span className="sr-only"> {srText}</span>
    </Button>
  );
}

/**
 * A client's actions (issue 29, point 10): the everyday ones as buttons with their names on them (Send card or
 * Send again, Copy link, Edit, Add Referral), the rest in a "More" menu that arrow keys walk. They wrap within
 * 20rem, so a row's actions fit a 375 px phone.
 */
export function ClientActions({ client, isFullAdmin, onAction }: ClientActionsProps) {
  const name = clientName(client);
  const statusId = useId();
  const { downloading, download } = useQrDownload(client, name);
  const [warning, setWarning] = useState(false);
  const send = useSendCard();
  const appUrl = useQuery(appUrlQuery());
  const sentText = cardEmailText(client.cardEmail);
  const moreRef = useRef<HTMLButtonElement>(null);
  // A menu item's dialog opens once the menu has closed (and given focus back to More, which the dialog then
  // returns to): a dialog opened while the menu still held focus fought it for focus.
  const pendingAction = useRef<ClientAction | null>(null);

  function fromMenu(action: ClientAction) {
    pendingAction.current = action;
  }

  async function sendNow() {
    await send.mutateAsync({ params: { id: client.id } });
    toast.success(`The card is on its way to ${client.email}`);
  }

  function sendCard() {
    if (send.isPending) return;
    // Point 6: a link nobody else can open is sent only after staff have read why it will not work.
    if (appUrl.data && !appUrl.data.reachable) {
      setWarning(true);
      return;
    }
    sendNow().catch((e: unknown) => toast.error(errorMessage(e)));
  }

  return (
    <div className="grid w-max max-w-[20rem] gap-1">
      <div role="group" aria-label={`Actions for ${name}`} className="flex flex-wrap gap-1">
        <LabelledButton
          icon={<Mail aria-hidden="true" />}
          label={send.isPending ? 'Sending...' : client.cardEmail ? 'Send again' : 'Send card'}
          srText={`to ${name}`}
          // aria-disabled rather than disabled, so that keyboard focus stays on the button.
          aria-disabled={send.isPending || undefined}
          aria-describedby={sentText ? statusId : undefined}
          className="aria-disabled:opacity-50"
          onClick={sendCard}
        />
        <LabelledButton
          icon={<Link2 aria-hidden="true" />}
          label="Copy link"
          srText={`to the card of ${name}`}
          onClick={() => onAction('webLink', client)}
        />
        <LabelledButton
          icon={<Pencil aria-hidden="true" />}
          label="Edit"
          srText={`details of ${name}`}
          onClick={() => onAction('edit', client)}
        />
        <LabelledButton
          icon={<UserPlus aria-hidden="true" />}
          label="Add Referral"
          srText={`for ${name}`}
          onClick={() => onAction('addReferral', client)}
        />
        {/* Not modal: a modal menu hides the rest of the page from assistive technology while its focusable
            content stays focusable (axe's aria-hidden-focus); the menu closes on Escape or a click outside. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button ref={moreRef} type="button" variant="outline" size="sm">
              <MoreHorizontal aria-hidden="true" />
              More
              <span className="sr-only"> actions for {name}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            onCloseAutoFocus={(event) => {
              const action = pendingAction.current;
              if (!action) return;
              pendingAction.current = null;
              event.preventDefault();
              moreRef.current?.focus();
              onAction(action, client);
            }}
          >
            <DropdownMenuItem onSelect={() => fromMenu('qr')}>
              <QrCode aria-hidden="true" />
              Show QR code
            </DropdownMenuItem>
            <DropdownMenuItem disabled={downloading} onSelect={() => void download()}>
              <Download aria-hidden="true" />
              {downloading ? 'Downloading...' : 'Download QR code'}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => fromMenu('affiliate')}>
              <Building2 aria-hidden="true" />
              Affiliate company
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => fromMenu('bacs')}>
              <Landmark aria-hidden="true" />
              BACS details
            </DropdownMenuItem>
            {isFullAdmin && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem
                  // Everything held about the client, as a JSON download (a subject access request).
                  onSelect={() => downloadFrom(fileUrl(clients.exportClient, { params: { id: client.id } }))}
                >
                  <FileDown aria-hidden="true" />
                  Export data
                </DropdownMenuItem>
                <DropdownMenuItem variant="destructive" onSelect={() => fromMenu('delete')}>
                  <Trash2 aria-hidden="true" />
                  Delete client
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {sentText && (
        <p id={statusId} className="text-xs text-muted-foreground">
          {sentText}
        </p>
      )}
      {warning && appUrl.data && (
        <LocalLinkWarning
          open={warning}
          onOpenChange={setWarning}
          appUrl={appUrl.data}
          recipient={client.email}
          onConfirm={async () => {
            await sendNow();
            setWarning(false);
          }}
        />
      )}
    </div>
  );
}
