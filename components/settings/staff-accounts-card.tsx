'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { apiFetch, errorMessage } from '@/lib/client/api';
import { AddStaffForm } from './add-staff-form';
import { StaffAccountItem, type StaffAccount } from './staff-account-item';

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; accounts: StaffAccount[] };

async function fetchAccounts(signal?: AbortSignal): Promise<LoadState> {
  try {
    return { status: 'ready', accounts: await apiFetch<StaffAccount[]>('/api/admin/users', { signal }) };
  } catch (e) {
    return { status: 'error', message: errorMessage(e) };
  }
}

const byEmail = (a: StaffAccount, b: StaffAccount) => a.email.localeCompare(b.email);

function ErrorAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
        {children}
      </AlertDescription>
    </Alert>
  );
}

export function StaffAccountsCard({ currentEmail, className }: { currentEmail: string; className?: string }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Removing a row takes the focused button with it; focus moves to the list instead of the page top.
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchAccounts(controller.signal).then((next) => {
      if (!controller.signal.aborted) setState(next);
    });
    return () => controller.abort();
  }, []);

  function retry() {
    setState({ status: 'loading' });
    void fetchAccounts().then(setState);
  }

  function updateAccounts(change: (accounts: StaffAccount[]) => StaffAccount[]) {
    setState((s) => (s.status === 'ready' ? { status: 'ready', accounts: change(s.accounts) } : s));
  }

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
      const updated = await apiFetch<StaffAccount>(`/api/admin/users/${encodeURIComponent(account.id)}`, {
        method: 'PATCH',
        body: { isFullAdmin: !account.isFullAdmin },
      });
      updateAccounts((list) => list.map((a) => (a.id === updated.id ? updated : a)));
      toast.success(`${updated.email} is now ${updated.isFullAdmin ? 'a full admin' : 'staff'}`);
    });

  const remove = (account: StaffAccount) =>
    run(account, async () => {
      await apiFetch(`/api/admin/users/${encodeURIComponent(account.id)}`, { method: 'DELETE' });
      updateAccounts((list) => list.filter((a) => a.id !== account.id));
      toast.success(`Staff account removed for ${account.email}`);
      listRef.current?.focus();
    });

  const signOutEverywhere = (account: StaffAccount) =>
    run(account, async () => {
      await apiFetch(`/api/admin/users/${encodeURIComponent(account.id)}/sessions`, { method: 'DELETE' });
      toast.success(`${account.email} is signed out everywhere`);
    });

  const unlock = (account: StaffAccount) =>
    run(account, async () => {
      const updated = await apiFetch<StaffAccount>(
        `/api/admin/users/${encodeURIComponent(account.id)}/unlock`,
        { method: 'POST' },
      );
      updateAccounts((list) => list.map((a) => (a.id === updated.id ? updated : a)));
      toast.success(`${updated.email} is unlocked and can sign in again`);
    });

  const added = (account: StaffAccount) =>
    updateAccounts((list) => [...list.filter((a) => a.id !== account.id), account].sort(byEmail));

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>Staff Accounts</h2>
        </CardTitle>
        <CardDescription>Who can sign in, and who is a full admin.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state.status === 'loading' && (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading staff accounts...
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        )}

        {state.status === 'error' && (
          <ErrorAlert message={state.message}>
            <Button variant="outline" size="sm" onClick={retry} className="mt-2 text-foreground">
              Try again
            </Button>
          </ErrorAlert>
        )}

        {state.status === 'ready' && (
          <>
            {actionError && <ErrorAlert message={actionError} />}
            <ul
              ref={listRef}
              tabIndex={-1}
              aria-label="Staff accounts"
              className="divide-y rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {state.accounts.map((account) => (
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
            </ul>
          </>
        )}

        <Separator />
        <AddStaffForm onAdded={added} />
      </CardContent>
    </Card>
  );
}
