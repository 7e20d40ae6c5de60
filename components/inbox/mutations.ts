'use client';

import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage, type Page } from '@/lib/client/api';
import { endpointMutation } from '@/lib/contract/client';
import type { InputOf } from '@/lib/contract/endpoint';
import * as leads from '@/lib/contract/leads';
import type { InboxItemDto } from '@/lib/dto/referrals';
import { invalidateAreas } from '@/lib/query/invalidate';
import { inboxKeys } from '@/lib/query/keys';
import type { LeadOutcomeValue } from '@/lib/validation/leads';

/** PATCH /api/leads/{id} with an outcome (or null to clear it), and the lead as the page showed it. */
export type OutcomeChange = InputOf<typeof leads.update> & {
  lead: InboxItemDto;
  /** What the lead shows once changed: null clears the outcome (undo). */
  outcome: LeadOutcomeValue | null;
  note: string | null;
  /** This change undoes the one before it: its own toast offers no further undo. */
  isUndo?: boolean;
};

/** The change that gives a lead this outcome (null: none) and note. */
export function outcomeChange(
  lead: InboxItemDto,
  outcome: LeadOutcomeValue | null,
  note: string | null = null,
  isUndo?: boolean,
): OutcomeChange {
  return {
    params: { id: lead.id },
    body: outcome === null ? { outcome: null } : { outcome, note },
    lead,
    outcome,
    note: outcome === null ? null : note,
    isUndo,
  };
}

/** Every outcome but 'no answer' means the friend was reached: they leave the inbox (lib/services/inbox.ts). */
export const leavesInbox = (outcome: LeadOutcomeValue | null) => outcome !== null && outcome !== 'no-answer';

const OUTCOME_WORDS: Record<LeadOutcomeValue, string> = {
  contacted: 'contacted',
  'no-answer': 'no answer',
  booked: 'booked',
  'not-interested': 'not interested',
};

/** What the toast says once the server has the change. */
export function outcomeToast(name: string, outcome: LeadOutcomeValue | null, isUndo = false): string {
  if (isUndo) return `Undone: ${name} is as before`;
  if (outcome === null) return `${name}: outcome cleared, back in the inbox`;
  if (outcome === 'no-answer') return `${name}: no answer. They stay in the inbox to try again.`;
  return `${name} marked ${OUTCOME_WORDS[outcome]}`;
}

/** How long the toast with Undo stays: long enough to notice a wrong button and reach Undo by keyboard. */
const UNDO_TOAST_MS = 10_000;

type InboxPages = InfiniteData<Page<InboxItemDto>>;
type Snapshot = { list?: InboxPages; count?: number };

/**
 * Sets a lead's outcome from the inbox (PATCH /api/leads/{id}), optimistically: a friend who was reached leaves
 * the list and the badge's count at once; 'no answer' stays, marked. The toast offers Undo, which puts the
 * previous outcome and note back (a lead marked by mistake comes back). Lives with the list, not the item, so
 * Undo still works once the item has gone.
 */
export function useLeadOutcome({ onLeave }: { onLeave?: () => void } = {}) {
  const qc = useQueryClient();
  const mutation = useMutation<InboxItemDto, Error, OutcomeChange, Snapshot>({
    ...endpointMutation(leads.update),
    onMutate: async ({ lead, outcome, note }) => {
      await qc.cancelQueries({ queryKey: inboxKeys.all });
      const list = qc.getQueryData<InboxPages>(inboxKeys.list());
      const count = qc.getQueryData<number>(inboxKeys.count());
      const leaving = leavesInbox(outcome) && !leavesInbox(lead.outcome);
      qc.setQueryData<InboxPages>(inboxKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                total: leaving ? Math.max(0, page.total - 1) : page.total,
                items: leaving
                  ? page.items.filter((item) => item.id !== lead.id)
                  : page.items.map((item) =>
                      item.id === lead.id ? { ...item, outcome, outcomeNote: note } : item,
                    ),
              })),
            }
          : data,
      );
      if (leaving && count !== undefined) qc.setQueryData(inboxKeys.count(), Math.max(0, count - 1));
      if (leaving) onLeave?.();
      return { list, count };
    },
    onError: (error, _change, snapshot) => {
      // The server refused: the list and its count as they were, then as the server has them now.
      qc.setQueryData(inboxKeys.list(), snapshot?.list);
      qc.setQueryData(inboxKeys.count(), snapshot?.count);
      toast.error(errorMessage(error));
      void invalidateAreas(qc, ['inbox']);
    },
    onSuccess: (_updated, { lead, outcome, isUndo }) => {
      const name = `${lead.firstName} ${lead.lastName}`.trim();
      const text = outcomeToast(name, outcome, isUndo);
      if (isUndo) {
        toast.success(text);
        return;
      }
      toast.success(text, {
        duration: UNDO_TOAST_MS,
        action: {
          label: 'Undo',
          onClick: () =>
            mutation.mutate(
              outcomeChange({ ...lead, outcome, outcomeNote: null }, lead.outcome, lead.outcomeNote, true),
            ),
        },
      });
    },
  });
  return mutation;
}
