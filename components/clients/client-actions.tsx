'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  Building2,
  Download,
  FileDown,
  Landmark,
  Link2,
  Mail,
  Pencil,
  Smartphone,
  Trash2,
  UserPlus,
} from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '@/lib/utils';
import { downloadFrom } from '@/lib/client/download-link';
import { apiFetch, errorMessage } from '@/lib/client/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { downloadQr } from './qr-download';
import { clientName, type ClientDto } from './types';

export type ClientAction = 'name' | 'affiliate' | 'bacs' | 'appLink' | 'webLink' | 'addReferral' | 'delete';

interface ClientActionsProps {
  client: ClientDto;
  isFullAdmin: boolean;
  /** Icon buttons in one line, for a table row. */
  compact?: boolean;
  onAction: (action: ClientAction, client: ClientDto) => void;
}

interface ActionButtonProps extends React.ComponentProps<typeof Button> {
  icon: ReactNode;
  label: string;
  /** Read after the label, naming the client: the visible label starts the accessible name. */
  srText: string;
  extra?: ReactNode;
}

function ActionButton({ icon, label, srText, extra, ...props }: ActionButtonProps) {
  const compact = useContext(CompactContext);
  if (compact) {
    // A table row: the icon alone, its label as a tooltip and (with the client's name) as its name.
    return (
      <Button type="button" variant="ghost" size="icon" className="size-8" title={label} {...props}>
        {icon}
        <span className="sr-only">
          {label} {srText}
        </span>
        {extra && <span className="sr-only">{extra}</span>}
      </Button>
    );
  }
  return (
    <Button type="button" variant="outline" size="sm" {...props}>
      {icon}
      {label}
      <span className="sr-only"> {srText}</span>
      {extra}
    </Button>
  );
}

const CompactContext = createContext(false);

/** The per-client actions of the spec; they wrap onto further lines on a phone. */
export function ClientActions({ client, isFullAdmin, compact = false, onAction }: ClientActionsProps) {
  const name = clientName(client);
  const [downloading, setDownloading] = useState(false);
  const [sending, setSending] = useState(false);

  async function sendCard() {
    if (sending) return;
    setSending(true);
    try {
      await apiFetch(`/api/clients/${client.id}/send-card`, { method: 'POST' });
      toast.success(`The card is on its way to ${client.email}`);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  }

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadQr(client);
    } catch (e) {
      console.error('QR code download failed', e);
      toast.error(`Could not download the QR code of ${name}. Please try again.`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <CompactContext.Provider value={compact}>
      <div
        role="group"
        aria-label={`Actions for ${name}`}
        // Two rows of icons in the table: a full admin's two more actions (Export data, Delete) make five columns.
        className={
          compact
            ? cn('grid w-max gap-0.5', isFullAdmin ? 'grid-cols-5' : 'grid-cols-4')
            : 'flex flex-wrap gap-2'
        }
      >
        <ActionButton
          icon={<Pencil aria-hidden="true" />}
          label="Edit name"
          srText={`of ${name}`}
          onClick={() => onAction('name', client)}
        />
        <ActionButton
          icon={<Building2 aria-hidden="true" />}
          label="Affiliate"
          srText={`company of ${name}`}
          onClick={() => onAction('affiliate', client)}
        />
        <ActionButton
          icon={<Landmark aria-hidden="true" />}
          label="BACS"
          srText={`details of ${name}`}
          onClick={() => onAction('bacs', client)}
        />
        <ActionButton
          icon={<Smartphone aria-hidden="true" />}
          label="App Link"
          srText={`of ${name}`}
          onClick={() => onAction('appLink', client)}
          extra={
            <Badge variant="warning" className="px-1.5">
              Coming Soon
            </Badge>
          }
        />
        <ActionButton
          icon={<Link2 aria-hidden="true" />}
          label="Webpage Link"
          srText={`of ${name}`}
          onClick={() => onAction('webLink', client)}
        />
        <ActionButton
          icon={<Download aria-hidden="true" />}
          label={downloading ? 'Downloading...' : 'Download QR'}
          srText={downloading ? `QR code of ${name}` : `code of ${name}`}
          // aria-disabled rather than disabled, so that keyboard focus stays on the button.
          aria-disabled={downloading || undefined}
          className="aria-disabled:opacity-50"
          onClick={download}
        />
        {!compact && (
          <ActionButton
            icon={<Mail aria-hidden="true" />}
            label={sending ? 'Sending...' : 'Send card by email'}
            srText={`to ${name}`}
            aria-disabled={sending || undefined}
            className="aria-disabled:opacity-50"
            onClick={sendCard}
          />
        )}
        <ActionButton
          icon={<UserPlus aria-hidden="true" />}
          label="Add Referral"
          srText={`for ${name}`}
          onClick={() => onAction('addReferral', client)}
        />
        {isFullAdmin && (
          <ActionButton
            icon={<FileDown aria-hidden="true" />}
            label="Export data"
            srText={`of ${name}`}
            // Everything held about the client, as a JSON download (a subject access request).
            onClick={() => downloadFrom(`/api/clients/${client.id}/export`)}
          />
        )}
        {isFullAdmin && (
          <ActionButton
            icon={<Trash2 aria-hidden="true" />}
            label="Delete"
            srText={`client ${name}`}
            className="text-destructive"
            onClick={() => onAction('delete', client)}
          />
        )}
      </div>
    </CompactContext.Provider>
  );
}
