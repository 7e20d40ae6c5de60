'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { Button } from '@/components/ui/button';
import { apiFetch } from '@/lib/client/api';
import type { ReferralDto } from '@/lib/dto/referrals';
import { referralKeys } from '@/lib/query/keys';

/**
 * A full admin's privacy actions on a referral's friend (issue 16): download everything held about them as
 * JSON, and erase their personal data (the referral and any money it holds stay, named 'Erased lead').
 */
export function LeadPrivacyActions({ referral, name }: { referral: ReferralDto; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const qc = useQueryClient();
  const erased = referral.name === 'Erased lead';
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href={`/api/referrals/${referral.id}/export`} download>
          <FileDown aria-hidden="true" />
          Export data
          <span className="sr-only"> of {name}</span>
        </a>
      </Button>
      {!erased && (
        <Button size="sm" variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
          <UserX aria-hidden="true" />
          Erase personal data
          <span className="sr-only"> of {name}</span>
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Erase ${name}'s personal data?`}
        description="Their name, email, phone, treatment interest and marketing answer are erased for good. The referral and any reward stay in the payment records, named 'Erased lead'."
        confirmLabel="Erase personal data"
        busyLabel="Erasing..."
        destructive
        errorId={`erase-${referral.id}-error`}
        onConfirm={async () => {
          await apiFetch(`/api/leads/${referral.leadId}/erase`, { method: 'POST' });
          setConfirming(false);
          toast.success(`${name}'s personal data was erased`);
          void qc.invalidateQueries({ queryKey: referralKeys.byClient(referral.referrerId) });
        }}
      />
    </>
  );
}
