import type { Metadata } from 'next';
import Link from 'next/link';
import { BackupsCard } from '@/components/backups/backups-card';
import { RECENT_RUNS } from '@/components/backups/queries';
import { AmountCard } from '@/components/settings/amount-card';
import { ClinicLogoCard } from '@/components/settings/clinic-logo-card';
import { ClinicProfileCard } from '@/components/settings/clinic-profile-card';
import { ExistingPatientsCard } from '@/components/settings/existing-patients-card';
import { MessageKindsCard } from '@/components/settings/message-kinds-card';
import { smtpUrl } from '@/lib/env';
import { OfferCard } from '@/components/settings/offer-card';
import { PasswordCard } from '@/components/settings/password-card';
import { ReviewLinksCard } from '@/components/settings/review-links-card';
import { StaffAccountsCard } from '@/components/settings/staff-accounts-card';
import { requirePageUser } from '@/lib/auth/current-user';
import { backupStatusAnswer } from '@/lib/backup/answer';
import { getSettings } from '@/lib/services/settings';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const user = await requirePageUser('/settings');
  // The amounts are for full admins only (spec section 6), so they are not even read for other staff.
  const settings = user.isFullAdmin ? await getSettings() : null;
  // Issue 32: the backups' state, for full admins only (they run the server).
  const backups = user.isFullAdmin ? await backupStatusAnswer(RECENT_RUNS) : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <Link
            href="/settings/security"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Security: passkeys, authenticator app and sign-ins
          </Link>
          {user.isFullAdmin && (
            <Link
              href="/settings/integrations"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Integrations: Dentally and API keys
            </Link>
          )}
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {settings && (
          <>
            <ClinicProfileCard profile={settings} />
            <ClinicLogoCard initialLogoUrl={settings.logoUrl} />
            <AmountCard
              field="referralRewardAmount"
              initialAmount={settings.referralRewardAmount}
              paidEmailDelayMinutes={settings.paidEmailDelayMinutes}
            />
            <AmountCard field="teamBonusAmount" initialAmount={settings.teamBonusAmount} />
            <OfferCard settings={settings} />
            <ReviewLinksCard
              initialGoogleLink={settings.googleReviewLink}
              initialTrustpilotLink={settings.trustpilotReviewLink}
            />
            <MessageKindsCard initialOff={settings.messageKindsOff} mailServer={smtpUrl() !== null} />
            {/* Issue 33: the soft opt-in for imported patients, and the card emails' hourly rate. */}
            <ExistingPatientsCard initial={settings} />
          </>
        )}
        <PasswordCard email={user.email} />
        {user.isFullAdmin && <StaffAccountsCard currentEmail={user.email} className="lg:row-span-2" />}
        {backups && <BackupsCard initial={backups} />}
      </div>
    </div>
  );
}
