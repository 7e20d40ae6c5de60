import type { ReactNode, RefObject } from 'react';
import { ErrorAlert } from '@/components/shared/error-alert';

/**
 * A list of Settings rows with actions (staff accounts, pending invitations): the last action's failure above
 * it, and the list itself focusable (`listRef`), so focus has somewhere to go when the row it was on is gone.
 */
export function ActionList({
  label,
  listRef,
  error,
  children,
}: {
  label: string;
  listRef: RefObject<HTMLUListElement | null>;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <>
      {error && <ErrorAlert message={error} />}
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={label}
        className="divide-y rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {children}
      </ul>
    </>
  );
}
