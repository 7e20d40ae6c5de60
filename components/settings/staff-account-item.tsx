'use client';

import { Lock, LockOpen, LogOut, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { StaffUserDto } from '@/lib/dto/auth';
import { formatDate, formatDateTime } from '@/lib/format';

/** A row of the staff accounts list (lib/contract/auth.ts, listStaff). */
export type StaffAccount = StaffUserDto;

interface StaffAccountItemProps {
  account: StaffAccount;
  isYou: boolean;
  busy: boolean;
  onToggleAdmin: (account: StaffAccount) => void;
  onRemove: (account: StaffAccount) => void;
  onSignOutEverywhere: (account: StaffAccount) => void;
  onUnlock: (account: StaffAccount) => void;
}

export function StaffAccountItem({
  account,
  isYou,
  busy,
  onToggleAdmin,
  onRemove,
  onSignOutEverywhere,
  onUnlock,
}: StaffAccountItemProps) {
  const { email, isFullAdmin, locked, lockedUntil } = account;

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all">{email}</span>
          {isYou && <span className="text-sm text-muted-foreground">(you)</span>}
          <Badge variant={isFullAdmin ? 'default' : 'secondary'}>
            {isFullAdmin ? 'Full admin' : 'Staff'}
          </Badge>
          {locked && (
            <Badge variant="warning">
              <Lock aria-hidden="true" />
              Locked
            </Badge>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          Added {formatDate(account.createdAt)}
          {locked && lockedUntil && (
            <> · Too many wrong passwords: locked until {formatDateTime(lockedUntil)}</>
          )}
        </p>
      </div>

      <div className="flex flex-wrap gap-2 sm:justify-end">
        {locked && (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onUnlock(account)}>
            <LockOpen aria-hidden="true" />
            Unlock
            <span className="sr-only"> ({email})</span>
          </Button>
        )}

        {/* The server refuses changes to your own account, so they are not offered. */}
        {!isYou && (
          <>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onToggleAdmin(account)}>
              {isFullAdmin ? 'Remove full admin' : 'Make full admin'}
              <span className="sr-only"> ({email})</span>
            </Button>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" disabled={busy}>
                  <LogOut aria-hidden="true" />
                  Sign out everywhere
                  <span className="sr-only"> ({email})</span>
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
                  <AlertDialogDescription>
                    {email} will be signed out on every device at once, and can sign in again with their
                    password.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction onClick={() => onSignOutEverywhere(account)}>
                    Sign out everywhere
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" disabled={busy} className="text-destructive">
                  <Trash2 aria-hidden="true" />
                  Remove
                  <span className="sr-only"> ({email})</span>
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Remove staff account?</AlertDialogTitle>
                  <AlertDialogDescription>{email} will no longer be able to sign in.</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={() => onRemove(account)}>
                    Remove
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        )}
      </div>
    </li>
  );
}
