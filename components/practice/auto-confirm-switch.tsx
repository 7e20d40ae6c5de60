'use client';

import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSaveSettings } from '@/components/settings/mutations';
import { ErrorAlert } from '@/components/shared/error-alert';
import { errorMessage } from '@/lib/client/api';
import { cn } from '@/lib/utils';
import { settingsQuery } from './queries';

/**
 * Full admins: "Confirm high-confidence matches automatically" (off by default), saved at once through
 * PATCH /api/settings. Low-confidence matches always wait for staff.
 */
export function AutoConfirmSwitch() {
  const id = useId();
  const settings = useQuery(settingsQuery());
  const save = useSaveSettings();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const on = save.isPending
    ? Boolean(save.variables?.body?.autoConfirmHighMatches)
    : (settings.data?.autoConfirmHighMatches ?? false);
  const ready = settings.data !== undefined;

  async function toggle() {
    if (!ready || save.isPending) return;
    setError(null);
    setSaved(null);
    try {
      const answer = await save.mutateAsync({ body: { autoConfirmHighMatches: !on } });
      setSaved(
        answer.autoConfirmHighMatches
          ? 'Saved: high-confidence matches are confirmed as they arrive.'
          : 'Saved: every match waits for you to confirm it.',
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <div className="grid gap-2 rounded-lg border p-4">
      <div className="flex items-start gap-3">
        <button
          type="button"
          role="switch"
          id={`${id}-switch`}
          aria-checked={on}
          aria-describedby={`${id}-description`}
          aria-disabled={!ready || save.isPending || undefined}
          onClick={() => void toggle()}
          className={cn(
            'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none aria-disabled:opacity-50',
            on ? 'bg-primary' : 'bg-input',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'pointer-events-none block size-5 rounded-full bg-background shadow-sm transition-transform',
              on ? 'translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
        <div className="grid gap-1">
          <label htmlFor={`${id}-switch`} className="text-sm font-medium">
            Confirm high-confidence matches automatically
          </label>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            The same email, or the same UK phone number and surname: the referral’s story starts as the record
            arrives, recorded as automatic in the payment audit. Low-confidence matches always wait for you.
          </p>
        </div>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {saved}
      </p>
      {error && <ErrorAlert message={error} />}
    </div>
  );
}
