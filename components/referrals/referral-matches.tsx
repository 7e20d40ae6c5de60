'use client';

import { Button } from '@/components/ui/button';
import type { ReferralDto } from '@/lib/dto/referrals';
import { formatPhoneForDisplay } from '@/lib/format';
import { StatusBadge } from './status-badge';

interface ReferralMatchesProps {
  referrals: readonly ReferralDto[];
  onShowReferral: (referral: ReferralDto) => void;
}

/** The referrals a referral search found, with their referrer, each with 'Show' to open it in its row. */
export function ReferralMatches({ referrals, onShowReferral }: ReferralMatchesProps) {
  return (
    <ul aria-label="Referral matches" className="divide-y">
      {referrals.map((referral) => {
        const referrer = referral.referrerName;
        return (
          <li key={referral.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="grid min-w-0 gap-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium break-words">{referral.name}</p>
                <StatusBadge referral={referral} />
              </div>
              {(referral.email || referral.phone) && (
                <p className="text-xs text-muted-foreground">
                  {referral.email && <span className="break-all">{referral.email}</span>}
                  {referral.email && referral.phone && ' · '}
                  {referral.phone && (
                    <span className="whitespace-nowrap">{formatPhoneForDisplay(referral.phone)}</span>
                  )}
                </p>
              )}
              <p className="text-xs text-muted-foreground">
                Referred by <span className="font-medium text-foreground">{referrer}</span>
              </p>
            </div>
            {/* A deleted client's paid referral stays on record, but has no client row to show it in. */}
            {!referral.referrerDeleted && (
              <Button type="button" variant="outline" size="sm" onClick={() => onShowReferral(referral)}>
                Show
                <span className="sr-only">
                  {' '}
                  referral {referral.name} of {referrer}
                </span>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
