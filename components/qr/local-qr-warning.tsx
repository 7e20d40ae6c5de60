import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Why a code must not be printed yet (issue 18): it holds an address only this computer or network can open
 * (lib/local-address.ts). Shown beside a member's code, and before a printed piece with such a code is saved.
 */
export function LocalQrWarningText() {
  return (
    <>
      Do not print this QR code yet: it holds an address only this computer or network can open, so a
      patient’s phone will find nothing. Set <span className="font-mono">APP_URL</span> to the clinic’s public
      address (see the README) and restart the app.
    </>
  );
}

/** The warning as a note (role="note"), with `id` for the buttons it describes. */
export function LocalQrWarning({ id, className }: { id?: string; className?: string }) {
  return (
    <div
      id={id}
      role="note"
      className={cn(
        'flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
        className,
      )}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <LocalQrWarningText />
      </p>
    </div>
  );
}
