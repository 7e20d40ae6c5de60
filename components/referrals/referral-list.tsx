'use client';

import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { ReferralItem } from './referral-item';
import { fullName } from './referral-helpers';

export interface ReferralHandlers {
  onReferralChanged: (clientId: string, referral: ReferralDto) => void;
  onReferralRemoved: (clientId: string, referralId: string) => void;
  onDeleteReferral: (client: ClientDto, referral: ReferralDto) => void;
  onAddReferral: (client: ClientDto) => void;
  /** The server refused a change because the list is out of date: reload it. */
  onReferralsStale: () => void;
}

interface ReferralListProps extends Omit<ReferralHandlers, 'onAddReferral'> {
  client: ClientDto;
  isFullAdmin: boolean;
}

/** A client's referrals, newest first. */
export function ReferralList({
  client,
  isFullAdmin,
  onReferralChanged,
  onReferralRemoved,
  onDeleteReferral,
  onReferralsStale,
}: ReferralListProps) {
  return (
    <ul aria-label={`Referrals of ${fullName(client)}`} className="grid gap-3">
      {client.referrals.map((referral) => (
        <ReferralItem
          key={referral.id}
          client={client}
          referral={referral}
          isFullAdmin={isFullAdmin}
          onChanged={onReferralChanged}
          onRemoved={onReferralRemoved}
          onDelete={onDeleteReferral}
          onStale={onReferralsStale}
        />
      ))}
    </ul>
  );
}
