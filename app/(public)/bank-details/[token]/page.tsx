import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { BankDetailsForm } from '@/components/bank-details/bank-details-form';
import { ClinicMark, PrivacyLink } from '@/components/public/clinic-mark';
import { ContactClinic } from '@/components/public/contact-clinic';
import { clinicStyle } from '@/lib/clinic';
import { formatDate } from '@/lib/format';
import {
  bankDetailsLinkState,
  LINK_EXPIRED_TEXT,
  LINK_INVALID_TEXT,
  LINK_USED_TEXT,
  LINK_WITHDRAWN_TEXT,
} from '@/lib/services/bank-details-link';
import { getClinic } from '@/lib/services/clinic';
import { limitPublicCall } from '@/lib/services/public-limits';
import { HttpError } from '@/lib/api/errors';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const clinic = await getClinic();
  return {
    title: { absolute: `Your bank details · ${clinic.displayName}` },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

export async function generateViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}

const HEADINGS = {
  used: 'This link has already been used',
  expired: 'This link has expired',
  invalid: 'This link is not valid',
  withdrawn: 'This link is no longer valid',
  limited: 'Too many attempts',
} as const;

/**
 * /bank-details/{token} (issue 17): the page a client reaches from the clinic's 'Request BACS Details' email,
 * to enter where their reward should be paid. A used, expired, withdrawn or unknown link says so and what to do.
 */
export default async function BankDetailsPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const clinic = await getClinic();
  let state: Awaited<ReturnType<typeof bankDetailsLinkState>> | { state: 'limited' };
  try {
    await limitPublicCall('bank-details-page', await headers(), 60);
    state = await bankDetailsLinkState(token);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    state = { state: 'limited' };
  }
  const problem = {
    used: LINK_USED_TEXT,
    expired: LINK_EXPIRED_TEXT,
    invalid: LINK_INVALID_TEXT,
    withdrawn: LINK_WITHDRAWN_TEXT,
    limited: 'Please wait a while and open the link again.',
    valid: null,
  }[state.state];
  return (
    <main style={clinicStyle(clinic)} className="min-h-dvh bg-background px-4 py-8 sm:py-14">
      <div className="mx-auto grid max-w-md gap-6">
        <ClinicMark clinic={clinic} />
        {state.state === 'valid' ? (
          <>
            <div className="grid gap-2">
              <h1 className="text-3xl font-extrabold tracking-tight">
                Hi {state.firstName}, where should we pay you?
              </h1>
              <p className="text-muted-foreground">
                Enter the bank account your referral rewards from {clinic.displayName} should go to. This link
                works once, until {formatDate(state.expiresAt)}.
              </p>
            </div>
            <BankDetailsForm token={token} clinicName={clinic.displayName} />
            <p className="text-sm text-muted-foreground">
              Your details are stored encrypted and used only to pay your rewards.{' '}
              <PrivacyLink clinic={clinic} />
            </p>
          </>
        ) : (
          <div className="grid gap-3" role="status">
            <h1 className="text-3xl font-extrabold tracking-tight">{HEADINGS[state.state]}</h1>
            <p>{problem}</p>
            {/* Issue 29, point 12: the clinic's phone and website, wherever the link leads nowhere. */}
            <ContactClinic
              clinic={clinic}
              lead={`Questions about your reward? Contact ${clinic.displayName}.`}
              className="justify-items-start text-left [&>div]:justify-start"
            />
          </div>
        )}
      </div>
    </main>
  );
}
