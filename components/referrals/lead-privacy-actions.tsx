'use client';

import { useState } from 'react';
import { FileDown, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { Button } from '@/components/ui/button';
import { fileUrl } from '@/lib/contract/client';
import * as referrals from '@/lib/contract/referrals';
import type { ReferralDto } from '@/lib/dto/referrals';
import { useEraseLead } from './mutations';

/**
 * A full admin's privacy actions on a referral's friend (issue 16): download everything held about them as
 * JSON, and erase their personal data (the referral and any money it holds stay, named 'Erased lead').
 */
export function LeadPrivacyActions({ referral, name }: { referral: ReferralDto; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseLead();
  const erased = referral.name === 'Erased lead';
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href={fileUrl(referrals.exportLead, { params: { id: referral.id } })} download>
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
          // The client's referrals are asked for again (the endpoint's `invalidates`): 'Erased lead'.
          await erase.mutateAsync({ params: { id: referral.leadId } });
          setConfirming(false);
          toast.success(`${name}'s personal data was erased`);
        }}
      />
    </>
  );
}
