'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { AccountAuditEntryDto } from '@/lib/dto/account';
import { formatDateTime } from '@/lib/format';
import { accountAuditPages } from './account-queries';
import { PagedRecords } from './paged-records';
import { SecurityCard } from './security-card';

/** Changes that weaken an account's protection stand out. */
const WARNING: ReadonlySet<AccountAuditEntryDto['action']> = new Set([
  'totp_removed',
  'passkey_removed',
  'recovery_code_used',
  'factors_reset',
  'password_reset',
]);

function AuditEntry({ entry }: { entry: AccountAuditEntryDto }) {
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={WARNING.has(entry.action) ? 'warning' : 'secondary'} className="whitespace-normal">
            {entry.actionText}
          </Badge>
          <span className="font-medium break-all">{entry.email}</span>
        </p>
        {entry.details && <p className="text-sm break-words text-muted-foreground">{entry.details}</p>}
      </div>
      <p className="min-w-0 text-sm text-muted-foreground sm:text-right">
        <span className="break-all">by {entry.performedBy}</span>
        {entry.ip && <span className="break-all"> from {entry.ip}</span>}
        <br />
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
    </li>
  );
}

/**
 * 'Account audit' (issue 31, full admins): invitations, password resets and changes, second-factor changes,
 * recovery codes used, sign-outs everywhere and command-line resets, newest first, 50 at a time.
 */
export function AccountAuditCard({ className }: { className?: string }) {
  const query = useInfiniteQuery(accountAuditPages());
  return (
    <SecurityCard
      headingId="account-audit-heading"
      icon={ScrollText}
      title="Account audit"
      description="Invitations, password resets and changes, second factors and recovery codes, newest first."
      className={className}
    >
      <PagedRecords
        query={query}
        loadingLabel="Loading the account audit..."
        emptyIcon={ScrollText}
        emptyText="No account changes recorded yet."
        listLabel="Account changes, newest first"
        noun="account audit entries"
        renderItem={(entry) => <AuditEntry key={entry.id} entry={entry} />}
      />
    </SecurityCard>
  );
}
