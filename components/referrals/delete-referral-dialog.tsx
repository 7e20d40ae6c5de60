'use client';

import { DeleteByNameDialog } from '@/components/shared/delete-by-name-dialog';
import { ApiError } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { DELETE_REFERRAL_FAILED_TEXT } from '@/lib/copy';
import { useQueryClient } from '@tanstack/react-query';
import { forgetReferral, useDeleteReferral } from './mutations';
import { confirmsReferralName, fullName } from './referral-helpers';

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

  return (
    <DeleteByNameDialog
      noun="referral"
      name={name}
      matches={(typed) => confirmsReferralName(typed, name)}
      onDelete={() =>
        deletion.mutateAsync({ params: { id: referral.id }, referral }).catch((e: unknown) => {
          console.error('Referral deletion failed', e);
          throw e;
        })
      }
      // Already gone: the list forgets it too. Anything else stays open with its reason.
      onGone={() => forgetReferral(qc, referral)}
      onDeleted={() => onDeleted(client, referral)}
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      description={`This permanently deletes the referral of ${name} by ${fullName(client)}. The lead stays on record, and the payments audit log keeps its entries. It cannot be undone.`}
      // Paid meanwhile: the server says why it stays.
      failureText={(e) =>
        e instanceof ApiError && e.status === 409 ? e.message : DELETE_REFERRAL_FAILED_TEXT
      }
    />
  );
}
