import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { ArrowLeft, ClipboardList, MessageCircleHeart, Sparkles, Tag } from 'lucide-react';
import { brandGradient } from '@/lib/clinic';
import { getClinic } from '@/lib/services/clinic';
import { LeadShell } from '@/components/lead-form/lead-shell';
import { firstParam, recommendationPath, referrerIdFromRef } from '@/components/lead-form/links';

export const metadata: Metadata = {
  title: { absolute: '5% off your Smile Story' },
  description:
    'Recommended by a friend? Mention it at your free consultation and our care co-ordinators will take 5% off your Smile Story.',
  formatDetection: { telephone: false },
};

export async function generateViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}

const STEPS = [
  {
    icon: ClipboardList,
    title: 'Send us your details',
    text: 'Fill in the recommendation form and our care co-ordinators will be in touch to arrange your free consultation.',
  },
  {
    icon: MessageCircleHeart,
    title: 'Mention the offer at your free consultation',
    text: 'Just tell us a friend recommended you and that you would like your 5% off.',
  },
  {
    icon: Tag,
    title: 'We apply it for you',
    text: 'Our care co-ordinators take 5% off your Smile Story, your personal treatment plan. There is no code to remember.',
  },
] as const;

interface OfferPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The built-in page behind 'Tap for 5% off your Smile Story', used when the clinic has not set its own
 * offer link in Settings. Its way back keeps the referrer's card number, so the form still knows who to thank.
 */
export default async function SmileStoryOfferPage({ searchParams }: OfferPageProps) {
  const ref = referrerIdFromRef(firstParam((await searchParams).ref));
  const clinic = await getClinic();

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
              <p className="text-[0.6875rem] font-semibold tracking-[0.18em]">FOR FRIENDS OF OUR CLIENTS</p>
              <h1
                id="offer-heading"
                className="mt-3 text-[1.75rem] leading-[1.15] font-extrabold tracking-tight text-balance sm:text-4xl"
              >
                5% off your Smile Story
              </h1>
            </div>
            {/* The offer as a gold seal; the heading already says it, so it is decorative. */}
            <div
              aria-hidden="true"
              className="flex size-20 shrink-0 rotate-6 flex-col items-center justify-center rounded-full bg-linear-to-br from-[#ffe3b3] to-[#ffc56b] text-[#3d2604] shadow-lg ring-4 ring-white/25 sm:size-24"
            >
              <span className="text-2xl leading-none font-black sm:text-3xl">5%</span>
              <span className="mt-0.5 text-[0.625rem] font-bold tracking-[0.2em] sm:text-xs">OFF</span>
            </div>
          </div>
          <p className="mt-4 text-base text-pretty text-white/90">
            Someone who loves their smile recommended us to you, and we would like to say thank you. As their
            friend, you get 5% off your Smile Story with us.
          </p>
        </header>

        <div className="grid gap-6 px-5 pt-7 pb-7 min-[380px]:px-7 sm:px-10 sm:pb-9">
          <section aria-labelledby="offer-steps-heading" className="grid gap-4">
            <h2 id="offer-steps-heading" className="flex items-center gap-2 text-lg font-bold tracking-tight">
              <Sparkles className="size-5 text-[#b7791f]" aria-hidden="true" />
              How to claim it
            </h2>
            <ol className="grid gap-4">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
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

          <p className="rounded-2xl bg-[#fff6e6] px-4 py-3 text-sm text-pretty text-[#5c3d0a] ring-1 ring-[#f3d9a8]">
            The 5% is applied by our care co-ordinators when your treatment plan is agreed. Just mention it at
            your free consultation.
          </p>

          <Link
            href={recommendationPath(ref)}
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-primary px-5 py-3 text-base font-semibold text-primary-foreground shadow-[0_10px_24px_-14px_rgb(0_64_61/0.8)] transition hover:bg-primary/90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-[0.98]"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to the recommendation form
          </Link>
        </div>
      </article>
    </LeadShell>
  );
}
