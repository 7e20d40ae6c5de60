import { parseReviewUrl } from '@/lib/review-url';

/**
 * Why a review link cannot be verified, said as it is typed (issue 29, point 14). Team Reviews counts reviews on
 * the clinic's two review platforms, Google and Trustpilot (lib/review-url.ts, the same check the server makes);
 * a Facebook link, the one people most often paste, gets its own words rather than a greyed-out button.
 */
export const FACEBOOK_REVIEW_TEXT =
  'Facebook reviews cannot be verified here: Team Reviews counts reviews on Google and Trustpilot only. Open the review on Google or Trustpilot and copy its link.';

const FACEBOOK_HOST = /(^|\.)(facebook\.com|fb\.com|fb\.me|fb\.watch)$/i;

/** The problem with a typed link, or null when it is empty or a Google or Trustpilot review link. */
export function reviewLinkProblem(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  const link = parseReviewUrl(text);
  if (link.ok) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`).hostname;
    if (FACEBOOK_HOST.test(host.replace(/\.$/, ''))) return FACEBOOK_REVIEW_TEXT;
  } catch {
    // Not an address at all: parseReviewUrl's own message says what to enter.
  }
  return link.message;
}

/** What 'Verify & Approve' still needs, shown beside it while it cannot be pressed; null when ready. */
export function verifyBlockedReason(draft: { reviewUrl: string; reviewerName: string }): string | null {
  if (!draft.reviewUrl.trim()) return 'To verify, paste the review’s link and the reviewer’s name.';
  const problem = reviewLinkProblem(draft.reviewUrl);
  if (problem) return problem;
  if (!draft.reviewerName.trim()) return 'To verify, add the reviewer’s name as shown on the review.';
  return null;
}
