'use client';

import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/client/api';
import { ErrorAlert } from '@/components/shared/error-alert';
import { AddStaffForm } from './add-staff-form';
import { ActionList } from './action-list';
import { PendingInvites } from './pending-invites';
import { useRemoveStaff, useSignOutEverywhere, useUnlockStaff, useUpdateStaff } from './mutations';
import { staffQuery } from './queries';
import { StaffAccountItem, type StaffAccount } from './staff-account-item';

export function StaffAccountsCard({ currentEmail, className }: { currentEmail: string; className?: string }) {
  const accounts = useQuery(staffQuery());
  const update = useUpdateStaff();
  const removeStaff = useRemoveStaff();
  const signOut = useSignOutEverywhere();
  const unlockStaff = useUnlockStaff();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Removing a row takes the focused button with it; focus moves to the list instead of the page top.
  const listRef = useRef<HTMLUListElement>(null);

  async function run(account: StaffAccount, action: () => Promise<void>) {
    setPendingId(account.id);
    setActionError(null);
    try {
      await action();
    } catch (e) {
      setActionError(errorMessage(e));
    } finally {
      setPendingId(null);
    }
  }

  const toggleAdmin = (account: StaffAccount) =>
    run(account, async () => {
      const updated = await update.mutateAsync({
        params: { id: account.id },
        body: { isFullAdmin: !account.isFullAdmin },
      });
      toast.success(`${updated.email} is now ${updated.isFullAdmin ? 'a full admin' : 'staff'}`);
    });

  const remove = (account: StaffAccount) =>
    run(account, async () => {
      await removeStaff.mutateAsync({ params: { id: account.id } });
      toast.success(`Staff account removed for ${account.email}`);
      listRef.current?.focus();
    });

  const signOutEverywhere = (account: StaffAccount) =>
    run(account, async () => {
      await signOut.mutateAsync({ params: { id: account.id } });
      toast.success(`${account.email} is signed out everywhere`);
    });

  const unlock = (account: StaffAccount) =>
    run(account, async () => {
      const updated = await unlockStaff.mutateAsync({ params: { id: account.id } });
      toast.success(`${updated.email} is unlocked and can sign in again`);
    });

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>Staff Accounts</h2>
        </CardTitle>
        <CardDescription>
          Who can sign in, and who is a full admin. Invite new staff by email: they choose their own password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {accounts.isPending && (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading staff accounts...
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        )}

        {accounts.isError && !accounts.data && (
          <ErrorAlert message={errorMessage(accounts.error)}>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void accounts.refetch()}
              className="mt-2 text-foreground"
            >
              Try again
            </Button>
          </ErrorAlert>
        )}

        {accounts.data && (
          <ActionList label="Staff accounts" listRef={listRef} error={actionError}>
            {accounts.data.map((account) => (
              <StaffAccountItem
                key={account.id}
                account={account}
                isYou={account.email === currentEmail}
                busy={pendingId === account.id}
                onToggleAdmin={toggleAdmin}
                onRemove={remove}
                onSignOutEverywhere={signOutEverywhere}
                onUnlock={unlock}
              />
            ))}
          </ActionList>
        )}

        <Separator />
        <PendingInvites />
        <Separator />
        <AddStaffForm />
      </CardContent>
    </Card>
  );
}
