'use client';

import { useEffect, useRef } from 'react';
import { CalendarHeart, Check, Gift, Mail, Phone } from 'lucide-react';
import { normalisePhone } from '@/lib/validation/phone';
import { formatPhoneForDisplay } from '@/lib/format';
import type { PublicOffer } from './links';
import { OfferCta } from './offer-cta';
import type { LeadSent, ReferrerState } from './lead-state';
import { ClinicHomeLink } from '@/components/public/clinic-mark';
import type { Clinic } from '@/lib/clinic';

interface LeadSuccessProps {
  sent: LeadSent;
  referrer: ReferrerState;
  /** Whether the page was opened from a referrer's card (a ref), known by name or not. */
  referred: boolean;
  /** The clinic's offer, in its words: the thank-you repeats what the friend was promised. */
  offer: PublicOffer;
  clinic: Clinic;
}

/** Who will be thanked (spec section 2): the referrer by first name when the card was found. */
function thanksLine(referrer: ReferrerState, referred: boolean): string {
  if (referrer.status === 'found') {
    return `We'll thank ${referrer.firstName} with their reward for recommending us.`;
  }
  // The card number could not be matched (or checked): no promise, only what will happen.
  if (referred) {
    return "We couldn't match the card number in your link to one of our clients. Mention the friend who recommended you at your consultation, and we'll check and thank them if we can.";
  }
  return 'If a friend recommended us, mention them at your consultation so that we can thank them with their reward.';
}

/**
 * The screen after the details are sent (spec section 2): the care co-ordinators will be in touch and the
 * referrer will be thanked with their reward. Its heading takes the focus, so that it is read out at once.
 */
export function LeadSuccess({ sent, referrer, referred, offer, clinic }: LeadSuccessProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const thanks = thanksLine(referrer, referred);

  return (
    <section
      aria-labelledby="lead-success-heading"
      className="relative isolate w-full overflow-hidden rounded-[1.75rem] bg-card px-5 pt-8 pb-6 text-center shadow-[0_24px_60px_-28px_rgb(0_64_61/0.45)] ring-1 ring-black/5 min-[380px]:px-7 sm:px-10 sm:pt-10"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-40 bg-linear-to-b from-[#e3f3f1] to-transparent"
      />
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-8 ring-white">
        <Check className="size-8" strokeWidth={3} aria-hidden="true" />
      </span>

      <h1
        id="lead-success-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 rounded-md text-2xl font-extrabold tracking-tight text-balance outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-3xl"
      >
        Thank You, {sent.firstName}!
      </h1>

      <div className="mx-auto mt-3 grid max-w-md gap-3 text-base text-pretty text-muted-foreground">
        {/* The same screen for every lead: it must not tell whether these details were known already. */}
        <p>Our care co-ordinators will be in touch with you shortly to arrange {offer.consultation}.</p>
        <p className="mx-auto mt-1 flex items-start gap-2.5 rounded-2xl bg-[#fff6e6] px-4 py-3 text-left text-[0.9375rem] font-medium text-[#5c3d0a] ring-1 ring-[#f3d9a8]">
          <Gift className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{thanks}</span>
        </p>
      </div>

      <div className="mx-auto mt-6 grid max-w-md gap-3 rounded-2xl bg-secondary/70 p-4 text-left">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-secondary-foreground">
          <CalendarHeart className="size-4" aria-hidden="true" />
          {clinic.displayName} will reach you on
        </h2>
        <ul className="grid gap-2 text-sm">
          <li className="flex min-w-0 items-center gap-2.5">
            <Phone className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">Phone: </span>
            <span className="font-medium tabular-nums">
              {formatPhoneForDisplay(normalisePhone(sent.phone))}
            </span>
          </li>
          <li className="flex min-w-0 items-center gap-2.5">
            <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">Email: </span>
            <span className="font-medium break-all">{sent.email}</span>
          </li>
        </ul>
      </div>

      {offer.enabled && (
        <section
          aria-labelledby="lead-success-offer-heading"
          className="mx-auto mt-6 grid max-w-md gap-3 rounded-2xl bg-[#fff6e6] p-4 text-left ring-1 ring-[#f3d9a8]"
        >
          <p className="text-sm font-medium text-[#5c3d0a]">A little thank-you while you wait</p>
          <h2 id="lead-success-offer-heading" className="text-lg font-bold tracking-tight text-[#3d2604]">
            {offer.headline}
          </h2>
          {offer.details && (
            <p className="text-sm whitespace-pre-line text-pretty text-[#5c3d0a]">{offer.details}</p>
          )}
          {offer.terms && (
            <p className="text-xs whitespace-pre-line text-pretty text-[#5c3d0a]">
              <span className="font-semibold">Terms: </span>
              {offer.terms}
            </p>
          )}
          <OfferCta offer={offer} />
        </section>
      )}
      <div className="mt-6 flex justify-center">
        <ClinicHomeLink clinic={clinic} />
      </div>
    </section>
  );
}
