import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The phone-first page around the reward card, its loading state and its not-found card. */
export function CardShell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main
      className={cn(
        'flex min-h-dvh flex-col items-center bg-linear-to-b from-[#e3f3f1] via-[#f4faf9] to-background px-4 pt-6 pb-10 sm:justify-center sm:py-12',
        className,
      )}
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-5">{children}</div>
    </main>
  );
}
