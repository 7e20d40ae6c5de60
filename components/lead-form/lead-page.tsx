'use client';

import { useActionState, useState } from 'react';
import { CalendarCheck, HeartHandshake, MapPin, Phone, Sparkles } from 'lucide-react';
import { BrandGlow } from '@/components/card/brand-glow';
import { ClinicMark } from '@/components/public/clinic-mark';
import { brandGradient, type Clinic } from '@/lib/clinic';
import { submitLeadAction } from '@/app/(public)/recommendation-details/actions';
import { LeadForm } from './lead-form';
import { IDLE_LEAD_FORM, type LeadSent, type ReferrerState } from './lead-state';
import { LeadShell } from './lead-shell';
import { LeadSuccess } from './lead-success';
import type { PublicOffer } from './links';
import { OfferCta } from './offer-cta';

interface LeadPageProps {
  /** The page's ref: the referrer's card number, when the visitor came from a reward card's QR code or link. */
  cardNumber?: string;
  /** The referrer, looked up by the page on the server. */
  referrer: ReferrerState;
  /** The clinic's offer, in its words (Settings → Offer). */
  offer: PublicOffer;
  /** The treatments the form lists, in the clinic's order. */
  treatments: readonly string[];
  clinic: Clinic;
}

/** What a friend can look forward to: only what the clinic's own offer promises (issue 29). */
function benefits(offer: PublicOffer) {
  return [
    offer.consultation === 'your free consultation' && {
      icon: CalendarCheck,
      text: 'A free consultation to talk about your smile',
    },
    { icon: HeartHandshake, text: 'A personal call from our care co-ordinators' },
    offer.enabled && { icon: Sparkles, text: `${offer.headline}, as a friend of the clinic` },
  ].filter((item) => item !== false);
}

/**
 * /recommendation-details (spec section 2, 'Lead form'): the welcome panel with the offer, the form, and once
 * the details are sent, the thank-you screen in their place.
 */
export function LeadPage({ cardNumber, referrer, offer, treatments, clinic }: LeadPageProps) {
  // A post without JavaScript comes back through the action's state; with it, the form says when it was sent.
  const [posted, formAction] = useActionState(submitLeadAction, IDLE_LEAD_FORM);
  const [sentHere, setSent] = useState<LeadSent | null>(null);
  const sent = sentHere ?? (posted.status === 'sent' ? posted.sent : null);

  if (sent) {
    return (
      <LeadShell narrow clinic={clinic}>
        <LeadSuccess
          sent={sent}
          referrer={referrer}
          referred={Boolean(cardNumber)}
          offer={offer}
          clinic={clinic}
        />
      </LeadShell>
    );
  }

  return (
    <LeadShell clinic={clinic}>
      <section
        aria-labelledby="lead-title"
        className="relative isolate overflow-hidden rounded-[1.75rem] px-5 pt-6 pb-6 text-white shadow-[0_18px_40px_-12px_rgb(0_64_61/0.55)] ring-1 ring-black/5 min-[380px]:px-6 lg:sticky lg:top-10 lg:px-9 lg:pt-9 lg:pb-9"
        style={{ backgroundImage: brandGradient(clinic) }}
      >
        <BrandGlow />

        <ClinicMark clinic={clinic} onDark />
        {referrer.status === 'found' && (
          <p className="mt-4 text-lg font-semibold text-balance">
            {referrer.firstName} thinks you&apos;ll love {clinic.displayName}
          </p>
        )}

        <h1
          id="lead-title"
          className="mt-4 text-[1.75rem] leading-[1.15] font-extrabold tracking-tight text-balance sm:text-4xl lg:text-[2.75rem]"
        >
          So Glad You Finally Found Us!
        </h1>
        <p className="mt-3 text-base text-pretty text-white/90 lg:text-lg">
          Leave your details and our care co-ordinators will be in touch to arrange {offer.consultation}.
        </p>

        <ul className="mt-6 hidden gap-3 lg:grid">
          {benefits(offer).map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-base">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/12 ring-1 ring-white/20">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {text}
            </li>
          ))}
        </ul>

        <ClinicContact clinic={clinic} />

        <OfferCta offer={offer} onDark className="mt-6 lg:mt-8" />
      </section>

      <div className="rounded-[1.75rem] bg-card px-5 pt-6 pb-6 shadow-[0_24px_60px_-28px_rgb(0_64_61/0.45)] ring-1 ring-black/5 min-[380px]:px-6 sm:px-8 sm:pt-8 sm:pb-8">
        <LeadForm
          cardNumber={cardNumber}
          referrer={referrer}
          formAction={formAction}
          posted={posted}
          onSent={setSent}
          treatments={treatments}
          clinic={clinic}
        />
      </div>
    </LeadShell>
  );
}

/** Who will call: the clinic's name, address and phone, so the friend knows the call is expected. */
function ClinicContact({ clinic }: { clinic: Clinic }) {
  if (!clinic.address.length && !clinic.phone) return null;
  return (
    <div className="mt-5 grid gap-2 rounded-2xl bg-white/10 p-4 text-sm ring-1 ring-white/20">
      <p className="font-semibold">{clinic.displayName} will call you</p>
      {clinic.address.length > 0 && (
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Address: </span>
          <span>{clinic.address.join(', ')}</span>
        </p>
      )}
      {clinic.phone && (
        <p className="flex items-center gap-2">
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Phone: </span>
          <a
            href={`tel:${clinic.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            {clinic.phone}
          </a>
        </p>
      )}
    </div>
  );
}
