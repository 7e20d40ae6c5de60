'use client';

import { AddReferralDialog } from '@/components/referrals/add-referral-dialog';
import { DeleteReferralDialog } from '@/components/referrals/delete-referral-dialog';
import { ReferralDeletedDialog } from '@/components/referrals/referral-deleted-dialog';
import type { ReferralDto } from '@/lib/dto/referrals';
import { AffiliateDialog } from './affiliate-dialog';
import { BacsDialog } from './bacs-dialog';
import { ClientDeletedDialog } from './client-deleted-dialog';
import { DeleteClientDialog } from './delete-client-dialog';
import { EditClientDialog } from './edit-client-dialog';
import { LinkCopiedDialog } from './link-copied-dialog';
import { QrDialog } from './qr-dialog';
import { clientName, type ClientDto } from './types';

export type ClientDialog =
  | { kind: 'edit' | 'affiliate' | 'bacs' | 'qr' | 'delete' | 'deleted' | 'addReferral'; client: ClientDto }
  | { kind: 'deleteReferral' | 'referralDeleted'; client: ClientDto; referral: ReferralDto }
  | { kind: 'linkCopied'; client: ClientDto; copied: boolean };

export interface OpenClientDialog {
  dialog: ClientDialog;
  /** New for each opening, so that a dialog's form starts afresh. */
  key: number;
  /** Kept after closing so the dialog can animate out with its content. */
  open: boolean;
}

interface ClientDialogsProps {
  state: OpenClientDialog | null;
  /** The client as the list has it now (after edits), when it is still there. */
  current: ClientDto | undefined;
  onOpenChange: (open: boolean) => void;
  onDeleted: (client: ClientDto) => void;
  /** Add Manual Referral added a new referral (and is closing). */
  onReferralAdded: (referrer: ClientDto, referral: ReferralDto | undefined) => void;
  onReferralDeleted: (client: ClientDto, referral: ReferralDto) => void;
  /** Where focus goes when a dialog closes (Radix would only return it to a DialogTrigger). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The one dialog of the client list that is open (or closing), for the client it concerns. */
export function ClientDialogs({
  state,
  current,
  onOpenChange,
  onDeleted,
  onReferralAdded,
  onReferralDeleted,
  onCloseAutoFocus,
}: ClientDialogsProps) {
  if (!state) return null;
  const { dialog, key, open } = state;
  const client = current ?? dialog.client;
  const common = { client, open, onOpenChange, onCloseAutoFocus };

  switch (dialog.kind) {
    case 'edit':
      return <EditClientDialog key={key} {...common} />;
    case 'qr':
      return <QrDialog key={key} {...common} />;
    case 'affiliate':
      return <AffiliateDialog key={key} {...common} />;
    case 'bacs':
      return <BacsDialog key={key} {...common} />;
    case 'linkCopied':
      return <LinkCopiedDialog key={key} {...common} copied={dialog.copied} />;
    case 'delete':
      return <DeleteClientDialog key={key} {...common} onDeleted={onDeleted} />;
    case 'deleted':
      return (
        <ClientDeletedDialog
          key={key}
          name={clientName(dialog.client)}
          open={open}
          onOpenChange={onOpenChange}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'addReferral':
      return <AddReferralDialog key={key} {...common} onAdded={onReferralAdded} />;
    case 'deleteReferral':
      return (
        <DeleteReferralDialog
          key={key}
          {...common}
          referral={dialog.referral}
          onDeleted={onReferralDeleted}
        />
      );
    case 'referralDeleted':
      return (
        <ReferralDeletedDialog
          key={key}
          name={dialog.referral.name}
          clientName={clientName(client)}
          open={open}
          onOpenChange={onOpenChange}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
  }
}
