'use client';

import { useState } from 'react';
import { CalendarCheck, HeartHandshake, Smile, Sparkles } from 'lucide-react';
import { CARD_LABEL, CARD_TEAL, CARD_TEAL_DEEP } from '@/components/card/brand';
import { LeadForm, type LeadSent } from './lead-form';
import { LeadShell } from './lead-shell';
import { LeadSuccess } from './lead-success';
import type { OfferLink } from './links';
import { OfferCta } from './offer-cta';
import { useReferrer } from './use-referrer';

interface LeadPageProps {
  /** The page's ref: the referrer's card number, when the visitor came from a reward card's QR code or link. */
  cardNumber?: string;
  offer: OfferLink;
}

const BENEFITS = [
  { icon: CalendarCheck, text: 'A free consultation to talk about your smile' },
  { icon: HeartHandshake, text: 'A personal call from our care co-ordinators' },
  { icon: Sparkles, text: '5% off your Smile Story, as a friend of the clinic' },
] as const;

/**
 * /recommendation-details (spec section 2, 'Lead form'): the welcome panel with the offer, the form, and once
 * the details are sent, the thank-you screen in their place.
 */
export function LeadPage({ cardNumber, offer }: LeadPageProps) {
  const referrer = useReferrer(cardNumber);
  const [sent, setSent] = useState<LeadSent | null>(null);

  if (sent) {
    return (
      <LeadShell narrow>
        <LeadSuccess sent={sent} referrer={referrer} referred={Boolean(cardNumber)} offer={offer} />
      </LeadShell>
    );
  }

  return (
    <LeadShell>
      <section
        aria-labelledby="lead-title"
        className="relative isolate overflow-hidden rounded-[1.75rem] px-5 pt-6 pb-6 text-white shadow-[0_18px_40px_-12px_rgb(0_64_61/0.55)] ring-1 ring-black/5 min-[380px]:px-6 lg:sticky lg:top-10 lg:px-9 lg:pt-9 lg:pb-9"
        style={{
          backgroundImage: `linear-gradient(150deg, ${CARD_TEAL} 0%, #005f5a 55%, ${CARD_TEAL_DEEP} 100%)`,
        }}
      >
        {/* Soft light and rings, as on the reward card; decorative only. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-24 -right-20 size-64 rounded-full bg-white/10 blur-2xl" />
          <div className="absolute -bottom-28 -left-16 size-72 rounded-full border-[28px] border-white/5" />
          <div className="absolute inset-x-0 top-0 h-px bg-white/30" />
        </div>

        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
            <Smile className="size-6" aria-hidden="true" />
          </span>
          <p className="text-[0.6875rem] font-semibold tracking-[0.18em]" style={{ color: CARD_LABEL }}>
            A WARM WELCOME
          </p>
        </div>

        <h1
          id="lead-title"
          className="mt-4 text-[1.75rem] leading-[1.15] font-extrabold tracking-tight text-balance sm:text-4xl lg:text-[2.75rem]"
        >
          So Glad You Finally Found Us!
        </h1>
        <p className="mt-3 text-base text-pretty text-white/90 lg:text-lg">
          Leave your details and our care co-ordinators will be in touch to arrange your free consultation.
        </p>

        <ul className="mt-6 hidden gap-3 lg:grid">
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-base">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/12 ring-1 ring-white/20">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {text}
            </li>
          ))}
        </ul>

        <OfferCta offer={offer} onDark className="mt-6 lg:mt-8" />
      </section>

      <div className="rounded-[1.75rem] bg-card px-5 pt-6 pb-6 shadow-[0_24px_60px_-28px_rgb(0_64_61/0.45)] ring-1 ring-black/5 min-[380px]:px-6 sm:px-8 sm:pt-8 sm:pb-8">
        <LeadForm cardNumber={cardNumber} referrer={referrer} onSent={setSent} />
      </div>
    </LeadShell>
  );
}
