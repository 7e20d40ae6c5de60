import type { Metadata } from 'next';
import Link from 'next/link';
import { ChevronLeft } from 'lucide-react';
import { AccountAuditCard } from '@/components/security/account-audit-card';
import { ClinicSignInsCard } from '@/components/security/clinic-sign-ins-card';
import { PasskeysCard } from '@/components/security/passkeys-card';
import { RecoveryCodesCard } from '@/components/security/recovery-codes-card';
import { SessionsCard } from '@/components/security/sessions-card';
import { SignInsCard } from '@/components/security/sign-ins-card';
import { TotpCard } from '@/components/security/totp-card';
import { requirePageUser } from '@/lib/auth/current-user';

export const metadata: Metadata = { title: 'Security' };

/**
 * Settings → Security (issue 31): each staff member's own second factors (passkeys, an authenticator app,
 * recovery codes) and sign-in record; full admins also see everyone's sign-ins and the account audit. Each
 * card is its own client component with its own query, so one that fails to load does not hide the others.
 */
export default async function SecurityPage() {
  const user = await requirePageUser('/settings/security');
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          href="/settings"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Settings
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Security</h1>
        <p className="max-w-prose text-muted-foreground">
          Signed in as {user.email}. A second factor keeps your account safe even if someone learns your
          password.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {/* Second factors (issue 31): passkeys, authenticator app, recovery codes. */}
        <PasskeysCard email={user.email} />
        <TotpCard email={user.email} />
        <RecoveryCodesCard email={user.email} />
        {/* Sign-in record (issue 31): recent sign-ins and sessions; full admins: everyone's, and the audit. */}
        <SessionsCard />
        <SignInsCard />
        {user.isFullAdmin && <ClinicSignInsCard className="lg:col-span-2" />}
        {user.isFullAdmin && <AccountAuditCard className="lg:col-span-2" />}
      </div>
    </div>
  );
}
