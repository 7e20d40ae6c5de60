'use client';

import { useEffect, useRef, useState } from 'react';
import { CircleCheck, Info, Star } from 'lucide-react';
import { CardShell } from '@/components/card/card-shell';
import { ClinicMark, PrivacyLink } from '@/components/public/clinic-mark';
import { brandGradient, type Clinic } from '@/lib/clinic';
import type { ReviewPlatform } from '@/lib/dto/team';
import { cn } from '@/lib/utils';
import { choiceNotice, NEW_TAB_FEATURES, type ChoiceNotice } from './choice';
import { ReviewStars } from './review-stars';
import {
  browserStorage,
  postTracking as post,
  reportPlatform,
  reportScan,
  reviewSessionId,
} from './tracking';
import { BrandGlow } from '@/components/card/brand-glow';

export interface ReviewLandingProps {
  /** The team member's id (the page's address may name them by TM- code). */
  memberId: string;
  firstName: string;
  /** The clinic's Google review page (from the Place ID or link in Settings), or null when none is set. */
  googleUrl: string | null;
  /** The clinic's Trustpilot review page, or null: 'Trustpilot review link coming soon!'. */
  trustpilotUrl: string | null;
  clinic: Clinic;
}

/** This browser's review session id, read (or made and stored) once per page load. */
let pageSessionId: string | null = null;
function sessionId(): string {
  pageSessionId ??= reviewSessionId(browserStorage());
  return pageSessionId;
}

const choiceClass =
  'group inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-2xl px-5 py-3 text-center text-base font-semibold transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-[0.98] motion-reduce:transition-none motion-reduce:active:scale-100';

/**
 * /review/{teamMemberId} (spec section 2, 'Leave Us a Review'): five stars, 'Do you have a Google account?' and
 * both review sites for every visitor. Opening the page reports a scan for the team member; each choice opens
 * the site in a new tab (straight away, inside the click) and reports the platform. Tracking never gets in the
 * way: a failed call is logged and the page works the same.
 */
export function ReviewLanding({ memberId, firstName, googleUrl, trustpilotUrl, clinic }: ReviewLandingProps) {
  // Until the clinic sets a review link the page can do nothing useful: it says so and counts nothing.
  const ready = Boolean(googleUrl || trustpilotUrl);
  const [notice, setNotice] = useState<(ChoiceNotice & { key: number }) | null>(null);
  const scanReportedFor = useRef<string | null>(null);
  const lastReported = useRef<ReviewPlatform | null>(null);

  useEffect(() => {
    // One scan per page view: React's strict mode runs effects twice in development.
    if (!ready || scanReportedFor.current === memberId) return;
    scanReportedFor.current = memberId;
    void reportScan({
      memberId,
      sessionId: sessionId(),
      userAgent: navigator.userAgent,
      storage: browserStorage(),
      post,
    });
  }, [memberId, ready]);

  function choose(platform: ReviewPlatform) {
    const url = platform === 'google' ? googleUrl : trustpilotUrl;
    // First the new tab, synchronously inside the click (so that no popup blocker stops it), then the report.
    if (url) window.open(url, '_blank', NEW_TAB_FEATURES);
    setNotice((previous) => ({ ...choiceNotice(platform, url), key: (previous?.key ?? 0) + 1 }));
    // Each change of mind is reported; the same choice twice in a row once (unless reporting it failed).
    if (lastReported.current === platform) return;
    lastReported.current = platform;
    void reportPlatform({ memberId, sessionId: sessionId(), platform, post }).then((ok) => {
      if (!ok && lastReported.current === platform) lastReported.current = null;
    });
  }

  return (
    <CardShell clinic={clinic}>
      <article
        aria-labelledby="review-heading"
        className="w-full overflow-hidden rounded-[1.75rem] bg-card shadow-[0_24px_60px_-28px_rgb(0_64_61/0.45)] ring-1 ring-black/5"
      >
        <header
          className="relative isolate overflow-hidden px-5 pt-7 pb-8 text-center text-white min-[380px]:px-7"
          style={{ backgroundImage: brandGradient(clinic) }}
        >
          <BrandGlow />

          <ClinicMark clinic={clinic} onDark className="justify-center" />
          <p className="mt-3 text-base font-semibold text-balance">
            How was your visit to {clinic.displayName}?
          </p>
          <ReviewStars className="mt-5" />
          <h1
            id="review-heading"
            className="mt-4 text-[1.75rem] leading-[1.15] font-extrabold tracking-tight text-balance sm:text-3xl"
          >
            Leave Us a Review
          </h1>
          <p className="mx-auto mt-3 max-w-xs text-base text-pretty text-white/90">
            It only takes a minute, helps others find a clinic they can trust, and means the world to{' '}
            {firstName} and the team.
          </p>
        </header>

        {ready ? (
          <section aria-labelledby="review-question" className="grid gap-4 px-5 pt-6 pb-6 min-[380px]:px-7">
            <h2 id="review-question" className="text-center text-lg font-bold tracking-tight text-balance">
              Do you have a Google account?
            </h2>

            <div className="grid gap-3">
              <button
                type="button"
                onClick={() => choose('google')}
                aria-describedby={googleUrl ? 'review-new-tab' : undefined}
                className={cn(
                  choiceClass,
                  'bg-primary text-primary-foreground shadow-[0_10px_24px_-14px_rgb(0_64_61/0.8)] hover:bg-primary/90',
                )}
              >
                <Star className="size-5 shrink-0 fill-[#ffc94d] text-[#ffc94d]" aria-hidden="true" />
                <span className="text-balance">Yes - Review on Google</span>
              </button>
              <button
                type="button"
                onClick={() => choose('trustpilot')}
                aria-describedby={trustpilotUrl ? 'review-new-tab' : undefined}
                className={cn(
                  choiceClass,
                  'bg-card text-foreground shadow-xs ring-1 ring-input/60 hover:bg-secondary hover:ring-primary/40',
                )}
              >
                {/* Trustpilot's green star; the text says the name, so the icon is decorative. */}
                <Star className="size-5 shrink-0 fill-[#00b67a] text-[#00b67a]" aria-hidden="true" />
                <span className="text-balance">No - Review on Trustpilot</span>
              </button>
              <p id="review-new-tab" className="sr-only">
                Opens in a new tab
              </p>
            </div>

            {/* Always in the page, so that screen readers announce what appears in it. */}
            <div role="status" aria-live="polite" aria-atomic="true">
              {notice && <Notice key={notice.key} notice={notice} />}
            </div>

            <p className="text-center text-sm text-pretty text-muted-foreground">
              We welcome every honest review, whatever your experience with us.
            </p>
            <p className="text-center text-sm">
              <PrivacyLink clinic={clinic} />
            </p>
          </section>
        ) : (
          <section
            aria-labelledby="reviews-not-set-up"
            className="grid gap-3 px-5 pt-6 pb-6 text-center min-[380px]:px-7"
          >
            <h2 id="reviews-not-set-up" className="text-lg font-bold tracking-tight text-balance">
              Reviews are not set up yet
            </h2>
            <p className="text-base text-pretty text-muted-foreground">
              {clinic.displayName} has not added its review sites yet. Thank you for wanting to leave a
              review: please ask the team, or try again another day.
            </p>
          </section>
        )}
      </article>
    </CardShell>
  );
}

function Notice({ notice }: { notice: ChoiceNotice }) {
  if (notice.tone === 'unavailable') {
    return (
      <p className="flex items-start gap-2.5 rounded-2xl bg-[#fff6e6] px-4 py-3 text-[0.9375rem] font-medium text-pretty text-[#5c3d0a] ring-1 ring-[#f3d9a8]">
        <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>{notice.text}</span>
      </p>
    );
  }
  return (
    <div className="flex items-start gap-2.5 rounded-2xl bg-secondary px-4 py-3 text-[0.9375rem] text-secondary-foreground ring-1 ring-primary/15">
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium text-pretty">{notice.text}</p>
        {notice.href && (
          <p className="text-sm">
            Nothing opened?{' '}
            <a
              href={notice.href}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-sm font-semibold text-primary underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              Go to {notice.site}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
