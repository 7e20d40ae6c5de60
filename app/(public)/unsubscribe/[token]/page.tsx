import type { Metadata } from 'next';
import { UnsubscribeButton } from '@/components/bank-details/unsubscribe-button';
import { ClinicMark } from '@/components/public/clinic-mark';
import { ContactClinic } from '@/components/public/contact-clinic';
import { clinicStyle } from '@/lib/clinic';
import { MESSAGE_KIND_LABELS } from '@/lib/messages/kinds';
import { readUnsubscribeToken } from '@/lib/messages/unsubscribe';
import { getClinic } from '@/lib/services/clinic';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const clinic = await getClinic();
  return {
    title: { absolute: `Unsubscribe · ${clinic.displayName}` },
    robots: { index: false, follow: false },
  };
}

const WHAT: Record<string, string> = {
  'card-issued': 'emails with your reward card',
  'reward-paid': 'emails telling you a reward was paid',
};

/**
 * /unsubscribe/{token}: the link in a message a person may turn off (issue 17). Opening the page changes
 * nothing (mail scanners open links); the button does. A mail app's one-click unsubscribe posts to
 * /api/unsubscribe/{token}, the address List-Unsubscribe names, which sends a browser that opens it here.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const clinic = await getClinic();
  const found = readUnsubscribeToken(token);
  return (
    <main style={clinicStyle(clinic)} className="min-h-dvh bg-background px-4 py-8 sm:py-14">
      <div className="mx-auto grid max-w-md gap-6">
        <ClinicMark clinic={clinic} />
        {found ? (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight">Unsubscribe</h1>
            <p>
              Stop {WHAT[found.kind] ?? MESSAGE_KIND_LABELS[found.kind].toLowerCase()} from{' '}
              {clinic.displayName} to <strong className="break-all">{found.email}</strong>?
            </p>
            <UnsubscribeButton token={token} />
            {/* Issue 29, point 12: before and after the button, a way to reach a person. */}
            <ContactClinic
              clinic={clinic}
              lead={`Changed your mind, or have a question? Contact ${clinic.displayName}.`}
              className="text-left [&>div]:justify-start"
            />
          </>
        ) : (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight">This link is not valid</h1>
            <p>
              The link may not have been copied in full. Please open the unsubscribe link in the email again,
              or contact {clinic.displayName} and we will stop the emails for you.
            </p>
            <ContactClinic clinic={clinic} lead="" className="text-left [&>div]:justify-start" />
          </>
        )}
      </div>
    </main>
  );
}
