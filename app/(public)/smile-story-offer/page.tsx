import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { ArrowLeft, ClipboardList, Gift, MessageCircleHeart, Sparkles, Tag } from 'lucide-react';
import { brandGradient, type Clinic } from '@/lib/clinic';
import { formPreviewText } from '@/lib/offer';
import { cn } from '@/lib/utils';
import { getClinic } from '@/lib/services/clinic';
import { getSettings } from '@/lib/services/settings';
import { publicPageMetadata } from '@/components/public/metadata';
import { ClinicMark } from '@/components/public/clinic-mark';
import { LeadShell } from '@/components/lead-form/lead-shell';
import { OfferCta } from '@/components/lead-form/offer-cta';
import {
  BUILT_IN_OFFER_PATH,
  firstParam,
  recommendationPath,
  referrerIdFromRef,
  toPublicOffer,
  type PublicOffer,
} from '@/components/lead-form/links';

export async function generateMetadata(): Promise<Metadata> {
  const [clinic, settings] = await Promise.all([getClinic(), getSettings()]);
  const title = settings.offerEnabled ? settings.offerHeadline : 'Recommended by a friend';
  return {
    ...publicPageMetadata({
      clinic,
      title: `${title} · ${clinic.displayName}`,
      description: settings.offerEnabled
        ? settings.offerDetails || `${settings.offerHeadline}, for friends of our patients.`
        : `Recommended to ${clinic.displayName} by a friend? Leave your details and we will be in touch.`,
      image: 'form',
      imageVersion: formPreviewText(settings),
    }),
    robots: { index: false },
  };
}

export async function generateViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}

/** How to claim it: in words that promise nothing beyond the clinic's own offer (issue 29). */
function steps(clinic: Clinic, offer: PublicOffer) {
  return [
    {
      icon: ClipboardList,
      title: 'Send us your details',
      text: `Fill in the recommendation form and our care co-ordinators will be in touch to arrange ${offer.consultation}.`,
    },
    {
      icon: MessageCircleHeart,
      title: 'Mention the offer',
      text: `Just tell ${clinic.inText} a friend recommended you and that you would like your ${offer.headline}.`,
    },
    {
      icon: Tag,
      title: 'We apply it for you',
      text: 'Our care co-ordinators apply it when your treatment plan is agreed. There is no code to remember.',
    },
  ];
}

interface OfferPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The built-in page behind the offer's 'Tap for …' (issue 29: in the clinic's words, with its terms), used when
 * the clinic has not set its own offer link in Settings. Its way back keeps the referrer's card number, so the
 * form still knows who to thank. Without an offer it says so, and leads back to the form.
 */
export default async function SmileStoryOfferPage({ searchParams }: OfferPageProps) {
  const ref = referrerIdFromRef(firstParam((await searchParams).ref));
  const [clinic, settings] = await Promise.all([getClinic(), getSettings()]);
  const offer = toPublicOffer(settings, ref);
  if (!offer.enabled) return <NoOffer clinic={clinic} cardRef={ref} />;

  return (
    <LeadShell narrow clinic={clinic}>
      <article
        aria-labelledby="offer-heading"
        className="overflow-hidden rounded-[1.75rem] bg-card shadow-[0_24px_60px_-28px_rgb(0_64_61/0.45)] ring-1 ring-black/5"
      >
        <header
          className="relative isolate overflow-hidden px-5 pt-7 pb-8 text-white min-[380px]:px-7 sm:px-10 sm:pt-9"
          style={{
            backgroundImage: brandGradient(clinic),
          }}
        >
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
            <div className="absolute -top-24 -right-20 size-64 rounded-full bg-white/10 blur-2xl" />
            <div className="absolute -bottom-28 -left-16 size-72 rounded-full border-[28px] border-white/5" />
          </div>
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <ClinicMark clinic={clinic} onDark />
              <p className="mt-3 text-[0.6875rem] font-semibold tracking-[0.18em]">A FRIEND&apos;S OFFER</p>
              <h1
                id="offer-heading"
                className="mt-3 text-[1.75rem] leading-[1.15] font-extrabold tracking-tight text-balance sm:text-4xl"
              >
                {offer.headline}
              </h1>
            </div>
            {/* A gold seal for the treat; the heading says what it is, so it is decorative. */}
            <div
              aria-hidden="true"
              className="flex size-16 shrink-0 rotate-6 items-center justify-center rounded-full bg-linear-to-br from-[#ffe3b3] to-[#ffc56b] text-[#3d2604] shadow-lg ring-4 ring-white/25 sm:size-20"
            >
              <Gift className="size-8 sm:size-9" />
            </div>
          </div>
          {offer.details && (
            <p className="mt-4 text-base whitespace-pre-line text-pretty text-white/90">{offer.details}</p>
          )}
        </header>

        <div className="grid gap-6 px-5 pt-7 pb-7 min-[380px]:px-7 sm:px-10 sm:pb-9">
          <section aria-labelledby="offer-steps-heading" className="grid gap-4">
            <h2 id="offer-steps-heading" className="flex items-center gap-2 text-lg font-bold tracking-tight">
              <Sparkles className="size-5 text-[#b7791f]" aria-hidden="true" />
              How to claim it
            </h2>
            <ol className="grid gap-4">
              {steps(clinic, offer).map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="flex gap-4">
                  <span className="relative flex size-11 shrink-0 items-center justify-center rounded-2xl bg-secondary text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                    <span
                      aria-hidden="true"
                      className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-[0.6875rem] font-bold text-primary-foreground"
                    >
                      {index + 1}
                    </span>
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold">{title}</p>
                    <p className="mt-0.5 text-sm text-pretty text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          {offer.terms && (
            <section
              aria-labelledby="offer-terms-heading"
              className="grid gap-1 rounded-2xl bg-[#fff6e6] px-4 py-3 text-sm text-[#5c3d0a] ring-1 ring-[#f3d9a8]"
            >
              <h2 id="offer-terms-heading" className="font-semibold">
                Terms
              </h2>
              <p className="whitespace-pre-line text-pretty">{offer.terms}</p>
            </section>
          )}

          {offer.link.href !== BUILT_IN_OFFER_PATH &&
            !offer.link.href.startsWith(`${BUILT_IN_OFFER_PATH}?`) && (
              <OfferCta offer={{ ...offer, cta: `More about ${offer.headline}` }} />
            )}

          <BackToForm
            cardRef={ref}
            className="shadow-[0_10px_24px_-14px_rgb(0_64_61/0.8)] transition hover:bg-primary/90 active:scale-[0.98]"
          />
        </div>
      </article>
    </LeadShell>
  );
}

/** The clinic has switched its offer off: nothing is promised, and the form is one tap away. */
function NoOffer({ clinic, cardRef }: { clinic: Clinic; cardRef: string | undefined }) {
  return (
    <LeadShell narrow clinic={clinic}>
      <section
        aria-labelledby="no-offer-heading"
        className="grid gap-4 rounded-[1.75rem] bg-card px-5 py-8 text-center shadow-[0_24px_60px_-28px_rgb(0_64_61/0.45)] ring-1 ring-black/5 min-[380px]:px-7 sm:px-10"
      >
        <ClinicMark clinic={clinic} />
        <h1 id="no-offer-heading" className="text-2xl font-extrabold tracking-tight text-balance">
          No friend&apos;s offer at the moment
        </h1>
        <p className="text-pretty text-muted-foreground">
          {clinic.displayName} has no offer for friends just now, but we would love to hear from you.
        </p>
        <BackToForm cardRef={cardRef} />
      </section>
    </LeadShell>
  );
}

/** The way back to the recommendation form, with the card's ref it came with. */
function BackToForm({ cardRef, className }: { cardRef: string | undefined; className?: string }) {
  return (
    <Link
      href={recommendationPath(cardRef)}
      className={cn(
        'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-primary px-5 py-3 text-base font-semibold text-primary-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
      Back to the recommendation form
    </Link>
  );
}
