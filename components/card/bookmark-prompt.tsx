'use client';

import { useEffect, useRef, useState } from 'react';
import { HousePlus, Share } from 'lucide-react';
import { publicButton } from '@/components/public/public-button';
import { DIALOG_PANEL_CLASS, PublicDialog, PublicDialogHeading } from '@/components/public/public-dialog';

/** localStorage keys, namespaced to the reward card. */
export const BOOKMARK_KEYS = {
  bookmarked: 'rewardCard.bookmarked',
  homeScreenSeen: 'rewardCard.homeScreenSeen',
  homeScreenSeenAt: 'rewardCard.homeScreenSeenAt',
  /** When 'Not now' was chosen (ms since 1970): the prompt stays away for 30 days. */
  dismissedAt: 'rewardCard.bookmarkDismissedAt',
} as const;

/** 'Not now' holds for 30 days (issue 16). */
export const BOOKMARK_DISMISS_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether a 'Not now' stored at `value` (ms) still holds at `now`. */
export function dismissalHolds(value: string | null, now: number): boolean {
  const at = Number(value);
  return value !== null && Number.isFinite(at) && at <= now && now - at < BOOKMARK_DISMISS_MS;
}

/** Spec section 9: the bookmark prompt appears 2 seconds after the card. */
export const BOOKMARK_PROMPT_DELAY_MS = 2000;

const VIDEO_SRC = '/add-to-home-screen.mp4';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the prompt may simply come back next time.
  }
}

/** Opened from the home screen (installed), on Android/desktop (display-mode) or iOS (navigator.standalone). */
function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

type Step = 'none' | 'bookmark' | 'instructions';

/**
 * After 2 seconds, unless the card is open as an installed app, was bookmarked already, or 'Not now' was chosen
 * in the last 30 days: 'Bookmark to Home Screen', as a panel below the card (never over it: the QR code and the
 * card number stay clear for the reception desk). Its 'Bookmark to Home' sets the bookmarked flag and opens 'Add
 * to Home Screen' (a short video and the steps for iPhone and Android); closing that ('Got it') stores the seen
 * flag and a time stamp.
 */
export function BookmarkPrompt() {
  const [step, setStep] = useState<Step>('none');
  const [android, setAndroid] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  // Where focus was before the prompt opened itself, to give it back at the end.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (isStandalone() || readStorage(BOOKMARK_KEYS.bookmarked) === 'true') return;
    if (dismissalHolds(readStorage(BOOKMARK_KEYS.dismissedAt), Date.now())) return;
    const timer = window.setTimeout(() => {
      setAndroid(/android/i.test(navigator.userAgent));
      setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
      setStep('bookmark');
    }, BOOKMARK_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  function notNow() {
    writeStorage(BOOKMARK_KEYS.dismissedAt, String(Date.now()));
    setStep('none');
  }

  function bookmarkToHome() {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    writeStorage(BOOKMARK_KEYS.bookmarked, 'true');
    setStep('instructions');
  }

  function closeInstructions() {
    writeStorage(BOOKMARK_KEYS.homeScreenSeen, 'true');
    writeStorage(BOOKMARK_KEYS.homeScreenSeenAt, String(Date.now()));
    setStep('none');
  }

  const iphoneSteps = (
    <section aria-labelledby="a2hs-iphone" className="space-y-1.5">
      <h3 id="a2hs-iphone" className="text-sm font-semibold">
        iPhone (Safari)
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          Tap Share <Share className="inline size-4 align-[-3px] text-foreground" aria-hidden="true" /> (the
          square with an arrow) at the bottom of the screen.
        </li>
        <li>
          Scroll down and tap <strong className="font-semibold text-foreground">Add to Home Screen</strong>,
          then <strong className="font-semibold text-foreground">Add</strong>.
        </li>
      </ol>
    </section>
  );
  const androidSteps = (
    <section aria-labelledby="a2hs-android" className="space-y-1.5">
      <h3 id="a2hs-android" className="text-sm font-semibold">
        Android (Chrome)
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          Tap the menu <span className="font-semibold text-foreground">⋮</span> at the top right.
        </li>
        <li>
          Tap <strong className="font-semibold text-foreground">Add to Home screen</strong>, then{' '}
          <strong className="font-semibold text-foreground">Add</strong>.
        </li>
      </ol>
    </section>
  );

  return (
    <>
      {step === 'bookmark' && (
        <section
          aria-labelledby="bookmark-heading"
          className="w-full rounded-2xl border bg-card p-4 shadow-sm motion-safe:animate-in motion-safe:fade-in motion-safe:slide-in-from-bottom-2"
        >
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              <HousePlus className="size-5" aria-hidden="true" />
            </span>
            <div className="grid gap-1">
              <h2 id="bookmark-heading" className="text-base font-semibold">
                Bookmark to Home Screen
              </h2>
              <p className="text-sm text-pretty text-muted-foreground">
                Keep your Referral Reward Card one tap away, ready to show whenever a friend asks.
              </p>
            </div>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <button
              type="button"
              className={publicButton('ghost', 'h-11 px-4 py-2 text-sm has-[>svg]:px-3')}
              onClick={notNow}
            >
              Not now
            </button>
            <button
              type="button"
              className={publicButton('primary', 'h-11 px-4 py-2 text-sm has-[>svg]:px-3')}
              onClick={bookmarkToHome}
            >
              <HousePlus aria-hidden="true" />
              Bookmark to Home
            </button>
          </div>
        </section>
      )}

      <PublicDialog
        open={step === 'instructions'}
        onClose={closeInstructions}
        labelledBy="a2hs-title"
        describedBy="a2hs-description"
        returnFocus={returnFocusTo}
        className={`${DIALOG_PANEL_CLASS} sm:max-w-md`}
      >
        <PublicDialogHeading
          id="a2hs"
          title="Add to Home Screen"
          description="Two taps, and your card opens straight from your home screen."
        />
        <video
          src={VIDEO_SRC}
          width={480}
          height={360}
          muted
          playsInline
          loop
          autoPlay={!reducedMotion}
          controls={reducedMotion}
          preload="auto"
          aria-label="Short video: tap Share, then Add to Home Screen"
          className="mx-auto aspect-[4/3] h-auto w-full max-w-[300px] rounded-xl bg-secondary"
          // React sets `muted` as a property only; iOS wants the attribute too before it autoplays inline.
          ref={(video) => {
            if (!video) return;
            video.muted = true;
            video.defaultMuted = true;
            video.setAttribute('muted', '');
          }}
        />
        <div className="space-y-3">
          {android ? (
            <>
              {androidSteps}
              {iphoneSteps}
            </>
          ) : (
            <>
              {iphoneSteps}
              {androidSteps}
            </>
          )}
        </div>
        <button
          type="button"
          className={publicButton('primary', 'h-12 w-full px-6 text-base has-[>svg]:px-4')}
          onClick={closeInstructions}
        >
          Got it
        </button>
      </PublicDialog>
    </>
  );
}
