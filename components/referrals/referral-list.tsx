'use client';

import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { ReferralItem } from './referral-item';
import { fullName } from './referral-helpers';

export interface ReferralHandlers {
  /** A referral of that client changed (its status or payment): the count stays. */
  onReferralChanged: (clientId: string, referral: ReferralDto) => void;
  /** A referral of that client is gone: the count drops. */
  onReferralRemoved: (clientId: string, referralId: string) => void;
  onDeleteReferral: (client: ClientDto, referral: ReferralDto) => void;
  onAddReferral: (client: ClientDto) => void;
  /** The server refused a change because that client's referrals are out of date: reload them. */
  onReferralsStale: (clientId: string) => void;
}

interface ReferralListProps extends Omit<ReferralHandlers, 'onAddReferral'> {
  client: ClientDto;
  /** The client's loaded referrals, newest first. */
  referrals: readonly ReferralDto[];
  isFullAdmin: boolean;
}

/** A client's referrals, newest first. */
export function ReferralList({
  client,
  referrals,
  isFullAdmin,
  onReferralChanged,
  onReferralRemoved,
  onDeleteReferral,
  onReferralsStale,
}: ReferralListProps) {
  return (
    <ul aria-label={`Referrals of ${fullName(client)}`} className="grid gap-3">
      {referrals.map((referral) => (
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
