'use client';

import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { ApiError } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { DELETE_REFERRAL_FAILED_TEXT } from '@/lib/copy';
import { useQueryClient } from '@tanstack/react-query';
import { forgetReferral, useDeleteReferral } from './mutations';
import { confirmsReferralName, fullName } from './referral-helpers';

const MISMATCH_TEXT = 'Name does not match. Please type the exact referral name to confirm deletion.';

interface DeleteReferralDialogProps {
  client: ClientDto;
  referral: ReferralDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (client: ClientDto, referral: ReferralDto) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Delete Referral (spec sections 2 and 4): enabled only once the referral's name is typed, in any case. */
export function DeleteReferralDialog({
  client,
  referral,
  open,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteReferralDialogProps) {
  const name = referral.name;
  const qc = useQueryClient();
  const deletion = useDeleteReferral();

  async function remove() {
    try {
      await deletion.mutateAsync({ params: { id: referral.id }, referral });
    } catch (e) {
      console.error('Referral deletion failed', e);
      // Already gone: the list should forget it too. Anything else stays open with its reason.
      if (!(e instanceof ApiError && e.status === 404)) throw e;
      forgetReferral(qc, referral);
    }
    onDeleted(client, referral);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Delete Referral"
      description={`This permanently deletes the referral of ${name} by ${fullName(client)}. The lead stays on record, and the payments audit log keeps its entries. It cannot be undone.`}
      confirmLabel="Delete Referral"
      typeToConfirm={{
        text: name,
        id: 'delete-referral-confirm',
        mismatchText: MISMATCH_TEXT,
        matches: (typed) => confirmsReferralName(typed, name),
      }}
      errorId="delete-referral-error"
      onConfirm={remove}
      // Paid meanwhile: the server says why it stays.
      failureText={(e) =>
        e instanceof ApiError && e.status === 409 ? e.message : DELETE_REFERRAL_FAILED_TEXT
      }
    />
  );
}
