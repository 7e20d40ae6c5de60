import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * The five gold stars of the review page (spec section 2). Decorative: the heading beside them says what the page
 * is for, so screen readers skip them. Gold #ffc94d on the clinic teal is 6.3:1.
 */
export function ReviewStars({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="review-stars"
      className={cn('flex items-end justify-center gap-1.5', className)}
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <Star
          key={i}
          data-star=""
          className={cn(
            'fill-current text-[#ffc94d] drop-shadow-[0_4px_10px_rgb(0_0_0/0.25)]',
            // The middle star a little larger and higher, like a crown.
            i === 2 ? 'size-11 -translate-y-1.5' : i === 1 || i === 3 ? 'size-9 -translate-y-0.5' : 'size-8',
          )}
          strokeWidth={1.25}
        />
      ))}
    </div>
  );
}
