/**
 * The reward card's brand colours: the clinic teal of the app icon and the Apple Wallet pass (#00716b), a deeper
 * shade for the card's gradient, and the pale label teal of the pass. Contrast (WCAG 2.x): white on #00716b
 * 5.9:1, #ccefec on #00716b 4.8:1, both higher on the darker end of the gradient.
 */
export const CARD_TEAL = '#00716b';
export const CARD_TEAL_DEEP = '#00403d';
export const CARD_LABEL = '#ccefec';

/**
 * What the share button copies, relative to the site's origin: the friend's way in, the recommendation form
 * with the client's card number (the same link as the QR code), not the client's own card.
 */
export function referralPath(cardNumber: string): string {
  return `/recommendation-details?ref=${encodeURIComponent(cardNumber)}`;
}

/** The public address of a card itself (its manifest's start URL), relative to the site's origin. */
export function cardPath(cardToken: string): string {
  return `/card/${encodeURIComponent(cardToken)}`;
}
