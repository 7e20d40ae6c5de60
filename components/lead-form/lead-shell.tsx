import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { clinicStyle, type Clinic } from '@/lib/clinic';

/**
 * The page around the public lead pages: the reward card's pale teal (CardShell) warming to cream, one column
 * on phones, the welcome panel beside the form on larger screens (or one narrow column when `narrow`).
 */
export function LeadShell({
  children,
  clinic,
  narrow = false,
}: {
  children: ReactNode;
  clinic: Clinic;
  narrow?: boolean;
}) {
  return (
    <main
      style={clinicStyle(clinic)}
      className="flex min-h-dvh flex-col bg-linear-to-b from-[#e3f3f1] via-[#f5f8f4] to-[#fdf8f1] px-4 pt-5 pb-12 sm:pt-10 lg:justify-center lg:py-16"
    >
      <div
        className={cn(
          'mx-auto grid w-full gap-5',
          narrow
            ? 'max-w-xl'
            : 'max-w-xl lg:max-w-5xl lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-start lg:gap-10',
        )}
      >
        {children}
      </div>
    </main>
  );
}
