'use client';

import { useState } from 'react';
import { CalendarCheck, Check, NotebookPen, PhoneMissed, Undo2, UserX } from 'lucide-react';
import { FormDialog } from '@/components/shared/form-dialog';
import { TextField } from '@/components/shared/text-field';
import { Button } from '@/components/ui/button';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { InboxItemDto } from '@/lib/dto/referrals';
import {
  LEAD_OUTCOMES,
  leadOutcomeFormSchema,
  OUTCOME_NOTE_MAX,
  type LeadOutcomeValue,
} from '@/lib/validation/leads';
import { outcomeChange, type OutcomeChange } from './mutations';

const ICONS = {
  contacted: Check,
  booked: CalendarCheck,
  'no-answer': PhoneMissed,
  'not-interested': UserX,
} as const;

interface OutcomeActionsProps {
  lead: InboxItemDto;
  busy: boolean;
  onChange: (change: OutcomeChange) => Promise<unknown>;
}

/**
 * What came of the call, one labelled button each ('Contacted' first: the one most presses are), and 'Add a
 * note…' for an outcome with a note. A friend marked 'No answer' stays with a 'Clear' to take the mark off.
 */
export function OutcomeActions({ lead, busy, onChange }: OutcomeActionsProps) {
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const [noteOpen, setNoteOpen] = useState(false);
  const set = (outcome: LeadOutcomeValue | null) =>
    void onChange(outcomeChange(lead, outcome)).catch(() => {});
  return (
    <div role="group" aria-label={`Outcome of the call to ${name}`} className="flex flex-wrap gap-2">
      {LEAD_OUTCOMES.map(({ value, label }) => {
        const Icon = ICONS[value];
        const current = lead.outcome === value;
        return (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={value === 'contacted' ? 'default' : 'outline'}
            disabled={busy || current}
            aria-pressed={current || undefined}
            onClick={() => set(value)}
          >
            <Icon aria-hidden="true" />
            {label}
            <span className="sr-only"> {name}</span>
          </Button>
        );
      })}
      <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => setNoteOpen(true)}>
        <NotebookPen aria-hidden="true" />
        Add a note…
        <span className="sr-only"> about {name}</span>
      </Button>
      {lead.outcome && (
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => set(null)}>
          <Undo2 aria-hidden="true" />
          Clear
          <span className="sr-only"> the outcome of {name}</span>
        </Button>
      )}
      <OutcomeNoteDialog
        lead={lead}
        name={name}
        open={noteOpen}
        onOpenChange={setNoteOpen}
        onChange={onChange}
      />
    </div>
  );
}

function OutcomeNoteDialog({
  lead,
  name,
  open,
  onOpenChange,
  onChange,
}: {
  lead: InboxItemDto;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: OutcomeActionsProps['onChange'];
}) {
  const form = useSchemaForm(leadOutcomeFormSchema, {
    values: { outcome: lead.outcome ?? 'contacted', note: lead.outcomeNote ?? '' },
  });
  const errorId = `outcome-note-error-${lead.id}`;

  async function onSubmit(values: { outcome: LeadOutcomeValue; note: string }) {
    try {
      // The schema has trimmed the note; blank is none.
      await onChange(outcomeChange(lead, values.outcome, values.note || null));
      onOpenChange(false);
    } catch (error) {
      showServerError(form, error);
    }
  }

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`The call to ${name}`}
      description="What came of it, with a short note for whoever calls next."
      errorId={errorId}
      submitLabel="Save"
      busyLabel="Saving…"
      onSubmit={onSubmit}
    >
      <FormField
        control={form.control}
        name="outcome"
        render={({ field }) => (
          <FormItem>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Outcome</legend>
              {LEAD_OUTCOMES.map(({ value, label }) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    className="size-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            <FormMessage role="alert" />
          </FormItem>
        )}
      />
      <TextField
        control={form.control}
        name="note"
        label="Note (optional)"
        description={<>At most {OUTCOME_NOTE_MAX} characters, e.g. “Voicemail left, call after 5pm”.</>}
        messageProps={{ role: 'alert' }}
      >
        {(field) => <Textarea {...field} rows={3} maxLength={OUTCOME_NOTE_MAX + 50} />}
      </TextField>
    </FormDialog>
  );
}
