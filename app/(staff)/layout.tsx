import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { QueryProvider } from '@/components/providers/query-provider';
import { SecondFactorPrompt } from '@/components/security/second-factor-prompt';
import { appUrlBanner } from '@/components/shell/app-url-banner';
import { secondFactorBanner } from '@/components/shell/second-factor-banner';
import { StaffShell } from '@/components/shell/staff-shell';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { getCurrentUser } from '@/lib/auth/current-user';
import { appOrigin, appUrlIsDefault, requireAdminSecondFactor } from '@/lib/env';
import { appUrlState } from '@/lib/local-address';

export default async function StaffLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  // proxy.ts normally sends signed-out visitors to the login page first, with a callbackUrl.
  if (!user) redirect('/login');

  // Only full admins can change the configuration: they are the ones told that APP_URL is missing or local.
  const urlBanner = appUrlBanner(user, appOrigin(), appUrlState(appOrigin(), appUrlIsDefault()));
  // Issue 31: a full admin without a second factor is asked to set one up.
  const factorBanner = secondFactorBanner(user, requireAdminSecondFactor());
  const banner =
    urlBanner || factorBanner ? (
      <>
        {urlBanner}
        {factorBanner}
      </>
    ) : null;
  return (
    <QueryProvider>
      <TooltipProvider>
        <StaffShell user={{ email: user.email, isFullAdmin: user.isFullAdmin }} banner={banner}>
          {children}
        </StaffShell>
      </TooltipProvider>
      <Toaster />
      {/* Issue 31: asks for a second factor when a payment or the bank file needs one. */}
      <SecondFactorPrompt />
    </QueryProvider>
  );
}
