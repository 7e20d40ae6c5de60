import Link from 'next/link';
import { ArrowRight, ExternalLink, Sparkles } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { PublicOffer } from './links';

/**
 * The offer's 'Tap for …' (spec sections 2 and 9; the words are the clinic's, issue 29): the clinic's own offer
 * page (set in Settings, opened in a new tab) or the built-in one; nothing when the clinic has no offer. A warm
 * gold against the clinic teal, so it reads as the treat it is. Contrast: #3d2604 on #ffd99e is 11:1.
 */
export function OfferCta({
  offer,
  onDark = false,
  className,
}: {
  offer: PublicOffer;
  /** On the teal panel: a white focus outline (the clinic teal one would not show). */
  onDark?: boolean;
  className?: string;
}) {
  if (!offer.enabled) return null;
  const link = offer.link;
  const classes = cn(
    'group inline-flex min-h-12 w-full items-center justify-center gap-2.5 rounded-xl bg-linear-to-r from-[#ffe3b3] to-[#ffd08a] px-5 py-3 text-center text-base font-semibold text-[#3d2604] shadow-[0_10px_24px_-12px_rgb(120_72_0/0.6)] ring-1 ring-[#e9b25c]/60 transition hover:from-[#ffeac2] hover:to-[#ffd699] focus-visible:outline-3 focus-visible:outline-offset-2 active:scale-[0.98]',
    onDark ? 'focus-visible:outline-white' : 'focus-visible:outline-ring',
    className,
  );
  const content = (
    <>
      <Sparkles className="size-5 shrink-0" aria-hidden="true" />
      <span className="text-balance">{offer.cta}</span>
      {link.external ? (
        <ExternalLink className="size-4 shrink-0 opacity-80" aria-hidden="true" />
      ) : (
        <ArrowRight
          className="size-4 shrink-0 opacity-80 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      )}
    </>
  );

  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={classes}>
        {content}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    // Not prefetched on load: the offer page is a side trip, and fetching it would compete with the form.
    <Link href={link.href} prefetch={false} className={classes}>
      {content}
    </Link>
  );
}
