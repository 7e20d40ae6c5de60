'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeySquare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { QueryState } from '@/components/shared/load-states';
import { useNewRecoveryCodes } from './mutations';
import { secondFactorsQuery } from './queries';
import { SecurityCard } from './security-card';
import { RecoveryCodesList } from './recovery-codes-list';

const RECOVERY_CODE_COUNT = 10;
/** Few enough left that it is time to make new ones. */
const RUNNING_LOW = 3;

/**
 * Settings → Security: recovery codes (issue 31). How many of the ten are left, and 'Make new codes'
 * (confirmed: the old ones stop working), which shows the new ones once.
 */
export function RecoveryCodesCard({ email }: { email: string }) {
  const query = useQuery(secondFactorsQuery());
  const make = useNewRecoveryCodes();
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = query.data;
  const hasFactor = !!data && (data.totpEnabled || data.passkeys > 0);
  const left = data?.recoveryCodesLeft ?? 0;

  return (
    <SecurityCard
      headingId="recovery-codes-card-title"
      icon={KeySquare}
      title="Recovery codes"
      description="One-time codes for the day your phone or passkey is not to hand. Each works once, in place of the second step."
    >
      <QueryState query={query} loadingLabel="Loading recovery codes" rows={1}>
        {codes ? (
          <RecoveryCodesList codes={codes} email={email} onDone={() => setCodes(null)} />
        ) : !hasFactor ? (
          <p className="text-sm">
            You get {RECOVERY_CODE_COUNT} recovery codes when you set up a passkey or an authenticator app.
          </p>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm" id="recovery-codes-left">
              <strong>
                {left} of {RECOVERY_CODE_COUNT}
              </strong>{' '}
              left.
              {left <= RUNNING_LOW &&
                (left === 0
                  ? ' You have none left: make new codes now.'
                  : ' You are running low: make new codes soon.')}
            </p>
            <Button
              type="button"
              variant={left <= RUNNING_LOW ? 'default' : 'outline'}
              className="h-11 justify-self-start"
              onClick={() => setConfirming(true)}
            >
              Make new codes
            </Button>
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make new recovery codes?"
        description="You get ten new codes, shown once. Your old codes stop working, including any you printed or saved."
        confirmLabel="Make new codes"
        busyLabel="Making..."
        destructive={false}
        errorId="recovery-codes-new-error"
        onConfirm={async () => {
          const made = await make.mutateAsync({});
          setConfirming(false);
          setCodes(made.recoveryCodes);
        }}
      />
    </SecurityCard>
  );
}
