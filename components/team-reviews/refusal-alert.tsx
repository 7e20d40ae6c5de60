'use client';

import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';

/**
 * A refused review (Verify & Approve, Add Verified Review): the server's message, and 'Add it anyway' when it
 * asks to confirm a second review by the same reviewer for the same member and platform.
 */
export function RefusalAlert({
  id,
  message,
  askToConfirm,
  disabled,
  onConfirm,
}: {
  id: string;
  message: string;
  askToConfirm: boolean;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <ErrorAlert id={id} message={message}>
      {askToConfirm && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="mt-2 text-foreground"
          disabled={disabled}
          onClick={onConfirm}
        >
          Add it anyway
        </Button>
      )}
    </ErrorAlert>
  );
}
