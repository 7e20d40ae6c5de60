'use client';

import { useEffect, useRef, useState } from 'react';
import { HousePlus, Share } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** localStorage keys, namespaced to the reward card. */
export const BOOKMARK_KEYS = {
  bookmarked: 'rewardCard.bookmarked',
  homeScreenSeen: 'rewardCard.homeScreenSeen',
  homeScreenSeenAt: 'rewardCard.homeScreenSeenAt',
} as const;

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

function anotherDialogIsOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

type Step = 'none' | 'bookmark' | 'instructions';

/**
 * After 2 seconds, unless the card is open as an installed app or was bookmarked already: 'Bookmark to Home
 * Screen'. Its 'Bookmark to Home' sets the bookmarked flag and opens 'Add to Home Screen' (a short video and the
 * steps for iPhone and Android); closing that ('Got it') stores the seen flag and a time stamp.
 */
export function BookmarkPrompt() {
  const [step, setStep] = useState<Step>('none');
  const [android, setAndroid] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  // Where focus was before the prompt opened itself, to give it back at the end.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const movingToInstructions = useRef(false);

  useEffect(() => {
    if (isStandalone() || readStorage(BOOKMARK_KEYS.bookmarked) === 'true') return;
    let timer = window.setTimeout(function show() {
      // Never on top of the share dialog: wait until it is closed.
      if (anotherDialogIsOpen()) {
        timer = window.setTimeout(show, BOOKMARK_PROMPT_DELAY_MS);
        return;
      }
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAndroid(/android/i.test(navigator.userAgent));
      setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
      setStep('bookmark');
    }, BOOKMARK_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  function bookmarkToHome() {
    writeStorage(BOOKMARK_KEYS.bookmarked, 'true');
    movingToInstructions.current = true;
    setStep('instructions');
  }

  function closeInstructions() {
    writeStorage(BOOKMARK_KEYS.homeScreenSeen, 'true');
    writeStorage(BOOKMARK_KEYS.homeScreenSeenAt, String(Date.now()));
    setStep('none');
  }

  function restoreFocus(event: Event) {
    const target = returnFocusTo.current;
    if (target?.isConnected && target !== document.body) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
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
      <Dialog open={step === 'bookmark'} onOpenChange={(open) => !open && setStep('none')}>
        <DialogContent
          className="sm:max-w-md"
          onCloseAutoFocus={(event) => {
            // Focus moves into the next dialog instead.
            if (movingToInstructions.current) {
              event.preventDefault();
              movingToInstructions.current = false;
            } else {
              restoreFocus(event);
            }
          }}
        >
          <DialogHeader className="items-center text-center sm:text-center">
            <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
              <HousePlus className="size-6" aria-hidden="true" />
            </span>
            <DialogTitle>Bookmark to Home Screen</DialogTitle>
            <DialogDescription>
              Keep your Referral Reward Card one tap away, ready to show whenever a friend asks.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="flex-col gap-2 sm:flex-col">
            <Button type="button" size="lg" className="h-12 w-full text-base" onClick={bookmarkToHome}>
              <HousePlus aria-hidden="true" />
              Bookmark to Home
            </Button>
            <DialogClose asChild>
              <Button type="button" variant="ghost" size="lg" className="h-11 w-full">
                Not now
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={step === 'instructions'} onOpenChange={(open) => !open && closeInstructions()}>
        <DialogContent className="gap-4 sm:max-w-md" onCloseAutoFocus={restoreFocus}>
          <DialogHeader className="text-left">
            <DialogTitle>Add to Home Screen</DialogTitle>
            <DialogDescription>
              Two taps, and your card opens straight from your home screen.
            </DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" size="lg" className="h-12 w-full text-base sm:w-full">
                Got it
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
