'use client';

import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { ReferralItem } from './referral-item';
import { fullName } from './referral-helpers';

export interface ReferralHandlers {
  onDeleteReferral: (client: ClientDto, referral: ReferralDto) => void;
  onAddReferral: (client: ClientDto) => void;
}

interface ReferralListProps extends Omit<ReferralHandlers, 'onAddReferral'> {
  client: ClientDto;
  /** The client's loaded referrals, newest first. */
  referrals: readonly ReferralDto[];
  isFullAdmin: boolean;
}

/** A client's referrals, newest first. */
export function ReferralList({ client, referrals, isFullAdmin, onDeleteReferral }: ReferralListProps) {
  return (
    <ul aria-label={`Referrals of ${fullName(client)}`} className="grid gap-3">
      {referrals.map((referral) => (
        <ReferralItem
          key={referral.id}
          client={client}
          referral={referral}
          isFullAdmin={isFullAdmin}
          onDelete={onDeleteReferral}
        />
      ))}
    </ul>
  );
}
