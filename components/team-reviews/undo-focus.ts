/** The 30 seconds of 'Undo' after a bonus payment, and where focus goes when an Undo button disappears. */
import type { Period } from '@/lib/period';

/** Spec section 9: how long 'Undo' and 'Undo Bulk Payment' are offered after a bonus payment. */
export const UNDO_WINDOW_MS = 30_000;

/** The attribute on the element that should take focus when an Undo button inside it goes away. */
export const UNDO_HOME_ATTRIBUTE = 'data-undo-home';
/** Inside that element, the one that takes the focus (a heading, say). */
export const UNDO_FOCUS_ATTRIBUTE = 'data-undo-focus';

/** The key of the element that takes focus when a review's or a member's Undo goes away. */
export const undoHomeKey = {
  review: (reviewId: string) => `review:${reviewId}`,
  bulk: (teamMemberId: string, { year, month }: Period) => `bulk:${teamMemberId}:${year}-${month}`,
};

/**
 * When the Undo button inside `[data-undo-home=key]` is about to disappear while it has focus, focus moves
 * first to that element's `[data-undo-focus]` (or the element itself; either has tabIndex -1), so that
 * keyboard users are not dropped at the top of the page.
 */
export function keepFocusNear(key: string) {
  const home = document.querySelector<HTMLElement>(`[${UNDO_HOME_ATTRIBUTE}="${CSS.escape(key)}"]`);
  if (!home || !home.contains(document.activeElement)) return;
  const target = home.querySelector<HTMLElement>(`[${UNDO_FOCUS_ATTRIBUTE}]`) ?? home;
  if (target !== document.activeElement) target.focus();
}
