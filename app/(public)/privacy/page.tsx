import type { Metadata, Viewport } from 'next';
import { ClinicHomeLink, ClinicMark } from '@/components/public/clinic-mark';
import { clinicStyle, type Clinic } from '@/lib/clinic';
import { getClinic } from '@/lib/services/clinic';
import { SCAN_RETENTION_MONTHS } from '@/lib/retention-rules';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const clinic = await getClinic();
  return {
    title: { absolute: `Privacy notice · ${clinic.displayName}` },
    description: `How ${clinic.displayName} uses the details you give on its recommendation form and review page.`,
  };
}

export async function generateViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}

/** How many months or years, in words. */
function period(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return `${months} months`;
}

/**
 * /privacy (issue 16): the privacy notice of the public pages, built from the clinic's profile, or, when the
 * clinic links its own notice in Settings, a page that sends the reader there.
 */
export default async function PrivacyPage() {
  const clinic = await getClinic();
  return (
    <main style={clinicStyle(clinic)} className="min-h-dvh bg-background px-4 py-8 sm:py-14">
      <article
        aria-labelledby="privacy-heading"
        className="mx-auto grid max-w-2xl gap-6 text-base leading-relaxed [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc"
      >
        <ClinicMark clinic={clinic} />
        <h1 id="privacy-heading" className="text-3xl font-extrabold tracking-tight">
          Privacy notice
        </h1>
        {clinic.privacyExternal ? <ExternalNotice clinic={clinic} /> : <Notice clinic={clinic} />}
        <div>
          <ClinicHomeLink clinic={clinic} />
        </div>
      </article>
    </main>
  );
}

function ExternalNotice({ clinic }: { clinic: Clinic }) {
  return (
    <p>
      {clinic.displayName} publishes its privacy notice on its own website.{' '}
      <a href={clinic.privacyUrl} className="font-semibold text-primary underline underline-offset-4">
        Read {clinic.displayName}&apos;s privacy notice
      </a>
      .
    </p>
  );
}

function Notice({ clinic }: { clinic: Clinic }) {
  const contact = [clinic.email, clinic.phone].filter(Boolean).join(' or ');
  return (
    <>
      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who holds your details</h2>
        <p>
          {clinic.displayName} is the data controller for the details you give on these pages.
          {clinic.address.length > 0 && ` Our address is ${clinic.address.join(', ')}.`}
          {clinic.email && ` You can email us at ${clinic.email}.`}
        </p>
      </section>

      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">What we collect, and why</h2>
        <ul>
          <li>
            <strong>The recommendation form</strong>: your name, email, phone number, what you would like help
            with, and the card number of the client who recommended you. We use them to contact you about a
            free consultation and to thank the client who recommended you with their reward. The referring
            client is never told anything about your treatment.
          </li>
          <li>
            <strong>News and offers</strong>: only if you tick the box on the form. We record your answer and
            when you gave it, and you can stop them at any time.
          </li>
          <li>
            <strong>The review page</strong>: that a visit happened, for which team member, with a random
            identifier kept in your browser and your browser&apos;s description. We use it to count visits and
            to thank our team for the reviews they help bring in. We do not collect your review itself: you
            leave it on Google or Trustpilot under their own terms.
          </li>
          <li>
            <strong>The reward card</strong>: a client&apos;s name and card number, which we registered with
            their agreement, to run the referral programme and pay its rewards.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-basis">
        <h2 id="privacy-basis">Our lawful basis</h2>
        <p>
          Contacting you about the consultation you asked for, and running the referral programme, are in our
          legitimate interests and yours (UK GDPR, Article 6(1)(f)). News and offers are sent only with your
          consent (Article 6(1)(a)), which you may withdraw at any time. Records of rewards paid are kept
          because the law requires us to keep financial records (Article 6(1)(c)).
        </p>
      </section>

      <section aria-labelledby="privacy-how-long">
        <h2 id="privacy-how-long">How long we keep them</h2>
        <ul>
          <li>
            Details from the recommendation form that did not lead to treatment:{' '}
            {period(clinic.leadRetentionMonths)}, then erased automatically.
          </li>
          <li>Review-page visits: {SCAN_RETENTION_MONTHS} months, then erased automatically.</li>
          <li>
            Records of rewards paid: as long as the law requires for financial records; personal details in
            them are erased when a person asks us to, leaving only the amounts.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your rights</h2>
        <p>
          You can ask for a copy of the details we hold about you, ask us to correct or erase them, object to
          how we use them, or withdraw your consent to news and offers.
          {contact
            ? ` To do any of these, contact ${clinic.displayName} at ${contact}.`
            : ` To do any of these, contact ${clinic.displayName}.`}{' '}
          We will answer within one month. If you are unhappy with how we have handled your details, you can
          complain to the Information Commissioner&apos;s Office (ico.org.uk, 0303 123 1113).
        </p>
      </section>
    </>
  );
}
