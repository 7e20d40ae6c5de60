/** Team review status (spec section 4), pure so that the page and the API agree and it can be tested alone. */
import { formatPence } from '@/lib/money';

export function teamReviewStatus(review: {
  verifiedAt: Date | string | null;
  paidAt: Date | string | null;
  bonusPence: number;
}): string {
  if (!review.verifiedAt) return 'Pending Verification';
  if (!review.paidAt) return 'Bonus Due';
  return `${formatPence(review.bonusPence)} Paid`;
}
