import type { Clinic } from '@/lib/clinic';
import { cn } from '@/lib/utils';

/**
 * The clinic's logo (on a white tile, so any logo reads on the brand colour) and its name, or 'Your clinic'
 * until a name is set. `onDark`: white text, for the brand-coloured panels.
 */
export function ClinicMark({
  clinic,
  onDark = false,
  className,
}: {
  clinic: Pick<Clinic, 'displayName' | 'logoUrl'>;
  onDark?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('flex min-w-0 items-center gap-2.5', className)}>
      {clinic.logoUrl && (
        <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-white p-1 shadow-sm ring-1 ring-black/5">
          {/* eslint-disable-next-line @next/next/no-img-element -- a small logo already sized by sharp */}
          <img src={clinic.logoUrl} alt="" width={32} height={32} className="size-8 object-contain" />
        </span>
      )}
      <span
        className={cn(
          'min-w-0 truncate text-base font-bold tracking-tight',
          onDark ? 'text-white' : 'text-foreground',
        )}
      >
        {clinic.displayName}
      </span>
    </span>
  );
}

/** 'Privacy notice': the built-in /privacy page, or the clinic's own notice in a new tab. */
export function PrivacyLink({
  clinic,
  className,
}: {
  clinic: Pick<Clinic, 'privacyUrl' | 'privacyExternal'>;
  className?: string;
}) {
  return (
    <a
      href={clinic.privacyUrl}
      {...(clinic.privacyExternal && { target: '_blank', rel: 'noopener noreferrer' })}
      className={cn(
        'inline-flex min-h-11 items-center rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      Privacy notice
      {clinic.privacyExternal && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}

/** The clinic's home: its website when set. Not-found pages and success screens end with it. */
export function ClinicHomeLink({ clinic }: { clinic: Pick<Clinic, 'website' | 'displayName'> }) {
  if (!clinic.website) return null;
  return (
    <a
      href={clinic.website}
      className="inline-flex h-12 items-center justify-center rounded-xl bg-primary px-6 text-base font-semibold text-primary-foreground shadow-sm transition hover:bg-primary/90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      Visit {clinic.displayName}
    </a>
  );
}
