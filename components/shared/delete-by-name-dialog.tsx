'use client';

import type { ComponentProps, ReactNode } from 'react';
import { ApiError } from '@/lib/client/api';
import { ConfirmDialog } from './confirm-dialog';

type ConfirmProps = ComponentProps<typeof ConfirmDialog>;

interface DeleteByNameDialogProps extends Pick<
  ConfirmProps,
  | 'open'
  | 'onOpenChange'
  | 'onCloseAutoFocus'
  | 'description'
  | 'failureText'
  | 'confirmDisabled'
  | 'confirmDescribedBy'
> {
  /** What is deleted, in lower case: 'client' names the title, the button, the ids and the mismatch message. */
  noun: 'client' | 'referral';
  /** The name that must be typed. */
  name: string;
  /** Whether the typed text is the name. */
  matches: (typed: string) => boolean;
  /** Deletes it; a 404 (gone already) counts as deleted, anything else is shown and the dialog stays open. */
  onDelete: () => Promise<unknown>;
  /** It was gone already (404): the page forgets it too. */
  onGone?: () => void;
  /** It is gone, one way or the other. */
  onDeleted: () => void;
  /** Shown between the description and the name's field. */
  children?: ReactNode;
}

/**
 * Delete Client and Delete Referral (spec sections 2 and 4): a deletion that cannot be undone, enabled only once
 * the name is typed; already gone (404) is as good as deleted.
 */
export function DeleteByNameDialog({
  noun,
  name,
  matches,
  onDelete,
  onGone,
  onDeleted,
  ...confirm
}: DeleteByNameDialogProps) {
  const label = `Delete ${noun === 'client' ? 'Client' : 'Referral'}`;

  async function remove() {
    try {
      await onDelete();
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
      onGone?.();
    }
    onDeleted();
  }

  return (
    <ConfirmDialog
      {...confirm}
      title={label}
      confirmLabel={label}
      typeToConfirm={{
        text: name,
        id: `delete-${noun}-confirm`,
        mismatchText: `Name does not match. Please type the exact ${noun} name to confirm deletion.`,
        matches,
      }}
      errorId={`delete-${noun}-error`}
      onConfirm={remove}
    />
  );
}
