'use client';

import { useRef, useState } from 'react';
import { Share2, X } from 'lucide-react';
import { publicButton } from '@/components/public/public-button';
import { DIALOG_PANEL_CLASS, PublicDialog, PublicDialogHeading } from '@/components/public/public-dialog';
import { copyText } from '@/lib/client/clipboard';
import type { OfferText } from '@/lib/offer';
import { shareMessage } from './share';

interface ShareButtonProps {
  /** The referral link without the origin, e.g. /recommendation-details?ref=SC-ABCD-EFGH-JKLM. */
  sharePath: string;
  /** Whole pounds, for the share message. */
  rewardAmount: number;
  /** The clinic's name for 'I'm a patient at …' (null: 'our clinic'). */
  clinicName: string | null;
  /** The friend's offer as the share message words it (issue 29). */
  offer: Pick<OfferText, 'offerEnabled' | 'offerInvitation'>;
}

/**
 * 'SHARE IT NOW': copies the client's referral link and opens 'Link Copied to Clipboard', whose 'Share via Apps' opens the
 * phone's share sheet (Web Share API) with a message. If sharing is unavailable or fails, the message is copied
 * instead and 'Message copied to clipboard!' is shown.
 */
export function ShareButton({ sharePath, rewardAmount, clinicName, offer }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [linkCopied, setLinkCopied] = useState(true);
  const sharing = useRef(false);
  // Read out inside the dialog: while it is open, the page behind it is hidden from screen readers.
  const [status, setStatus] = useState('');
  const triggerRef = useRef<HTMLButtonElement>(null);
  const shareViaAppsRef = useRef<HTMLButtonElement>(null);
  const linkInputId = 'reward-card-link';

  async function copyLink() {
    const url = new URL(sharePath, window.location.origin).toString();
    setLink(url);
    setLinkCopied(await copyText(url));
    setStatus('');
    setOpen(true);
  }

  async function shareViaApps() {
    if (sharing.current) return; // the share sheet is already open
    const message = shareMessage({ clinicName, offer, rewardAmount, link });
    sharing.current = true;
    setStatus('');
    try {
      if (typeof navigator.share !== 'function') throw new Error('The Web Share API is not available.');
      await navigator.share({ title: 'Referral Reward Card', text: message });
      setOpen(false);
    } catch (error) {
      // The person closed the share sheet: nothing failed.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const text = (await copyText(message))
        ? 'Message copied to clipboard!'
        : 'Copying was blocked by your browser. Copy the link above instead.';
      // Said in the dialog's status line (no toast library on a public page, issue 19).
      setStatus(text);
    } finally {
      sharing.current = false;
    }
  }

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={copyLink}
        aria-haspopup="dialog"
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-white px-6 text-base font-bold tracking-[0.12em] text-primary shadow-md transition hover:bg-secondary focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-white active:scale-[0.98]"
      >
        <Share2 className="size-5" aria-hidden="true" />
        SHARE IT NOW
      </button>

      <PublicDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="share-dialog-title"
        describedBy="share-dialog-description"
        // 'Share via Apps' first; back to 'SHARE IT NOW' afterwards, also where tapping did not focus it (Safari).
        initialFocus={shareViaAppsRef}
        returnFocus={triggerRef}
        className={`${DIALOG_PANEL_CLASS} relative sm:max-w-md`}
      >
        <div className="pr-10">
          <PublicDialogHeading
            id="share-dialog"
            title="Link Copied to Clipboard"
            description={
              linkCopied
                ? 'Paste your personal link into a message, or share it straight from your apps.'
                : 'Your browser did not let us copy it: press and hold the link below to copy it.'
            }
          />
        </div>
        {/*
          A visible way out (issue 29, point 14): Escape and a tap outside are not obvious on a phone. In the
          corner, where people look for it; 'Share via Apps' still takes the focus first (initialFocus).
        */}
        <button
          type="button"
          aria-label="Close"
          onClick={() => setOpen(false)}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted-foreground transition hover:bg-secondary hover:text-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <label htmlFor={linkInputId} className="sr-only">
          Your card link
        </label>
        <input
          id={linkInputId}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-muted px-3 font-mono text-sm text-foreground"
        />
        <button
          ref={shareViaAppsRef}
          type="button"
          className={publicButton('primary', 'h-12 w-full px-6 text-base has-[>svg]:px-4')}
          onClick={shareViaApps}
        >
          <Share2 aria-hidden="true" />
          Share via Apps
        </button>
        <p
          role="status"
          aria-live="polite"
          className={
            status === 'Message copied to clipboard!'
              ? 'text-center text-sm font-medium text-green-800 dark:text-green-300'
              : 'text-center text-sm font-medium text-destructive'
          }
        >
          {status}
        </p>
      </PublicDialog>
    </>
  );
}
