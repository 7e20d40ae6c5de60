'use client';

import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '@/components/shared/text-field';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { SettingsDto } from '@/lib/dto/settings';
import { formatCount } from '@/components/imports/import-helpers';
import {
  CARD_SENDS_PER_HOUR,
  CARD_SENDS_PER_HOUR_TEXT,
  cardSendsPerHourSchema,
} from '@/lib/validation/settings';
import { z } from '@/lib/validation/zod';
import { CheckboxField } from './checkbox-field';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

/** The card's form: the switch, and the hourly rate as typed (checked by the schema it is saved through). */
const existingPatientsFormSchema = z.object({
  softOptIn: z.boolean(),
  perHour: z.string().superRefine((text, ctx) => {
    const result = cardSendsPerHourSchema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
    if (!result.success) ctx.addIssue({ code: 'custom', message: CARD_SENDS_PER_HOUR_TEXT });
  }),
});
type Values = z.infer<typeof existingPatientsFormSchema>;

type Policy = Pick<SettingsDto, 'softOptInReliedOnAt' | 'softOptInReliedOnBy' | 'cardSendsPerHour'>;

const toValues = (s: Policy): Values => ({
  softOptIn: s.softOptInReliedOnAt !== null,
  perHour: String(s.cardSendsPerHour),
});

/** 27/11/2026, the UK's date. */
function ukDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

function recordOf(s: Policy): { at: string; by: string | null } | null {
  return s.softOptInReliedOnAt ? { at: s.softOptInReliedOnAt, by: s.softOptInReliedOnBy } : null;
}

/** Under the switch: who recorded it and when, or what saving will do. */
function switchText(on: boolean, record: ReturnType<typeof recordOf>): string {
  if (on && record)
    return `Recorded by ${record.by ?? 'a full admin'} on ${ukDate(record.at)}. Every imported client who has not unsubscribed may be sent their card.`;
  if (on)
    return 'Saving records your name and today’s date. Every imported client who has not unsubscribed may then be sent their card.';
  if (record)
    return 'Saving turns it off and clears the record: only imported clients whose file said yes to marketing are sent their card.';
  return 'Off: only imported clients whose file said yes to marketing are sent their card.';
}

/**
 * Settings → Existing patients and marketing (issue 33): whether the clinic relies on PECR's soft opt-in to
 * send imported patients their cards (recorded with who said so and when), and how many card emails leave an
 * hour. Full admins only, as every setting.
 */
export function ExistingPatientsCard({ initial }: { initial: Policy }) {
  const form = useSchemaForm(existingPatientsFormSchema, { defaultValues: toValues(initial) });
  const save = useSaveSettings();
  const [softOptIn, perHour] = useWatch({ control: form.control, name: ['softOptIn', 'perHour'] });
  const saved = form.formState.defaultValues;
  const switchChanged = softOptIn !== saved?.softOptIn;
  const rateChanged = perHour.trim() !== saved?.perHour;
  const dirty = switchChanged || rateChanged;
  // Who recorded the soft opt-in and when, as last saved.
  const [record, setRecord] = useState(() => recordOf(initial));
  async function onSave(values: Values) {
    try {
      const settings = await save.mutateAsync({
        body: {
          ...(switchChanged && { softOptInReliedOn: values.softOptIn }),
          ...(rateChanged && { cardSendsPerHour: Number(values.perHour) }),
        },
      });
      setRecord(recordOf(settings));
      form.reset(toValues(settings));
      toast.success('Existing patients and marketing saved');
    } catch (error) {
      showServerError(form, error);
    }
  }

  return (
    <SettingsForm
      title="Existing patients and marketing"
      description="Whether patients you import may be sent their card, and how fast the card emails go out."
      form={form}
      dirty={dirty}
      canSave={dirty}
      onSave={onSave}
    >
      <div className="grid gap-2 text-sm">
        <p>
          The law on marketing emails (PECR) lets a clinic email its existing patients about similar services
          without asking first — the “soft opt-in” — if they were given the chance to refuse when their
          details were taken and in every email since. Otherwise only patients who said yes to marketing are
          sent their card.
        </p>
      </div>
      <CheckboxField
        control={form.control}
        name="softOptIn"
        id="softOptIn-input"
        label="We rely on the soft opt-in for our existing patients"
        description={switchText(softOptIn, record)}
        className="flex items-start gap-3"
        checkboxClassName="mt-0.5"
      />
      <TextField
        control={form.control}
        name="perHour"
        id="cardSendsPerHour-input"
        label="Card emails an hour"
        description={
          <>
            When you send cards to imported clients, at most this many leave an hour (default{' '}
            {formatCount(CARD_SENDS_PER_HOUR.default)}), so your mail server is not flooded and replies arrive
            at a pace the front desk can answer.
          </>
        }
        type="number"
        inputMode="numeric"
        min={CARD_SENDS_PER_HOUR.min}
        max={CARD_SENDS_PER_HOUR.max}
        step={1}
        inputClassName="max-w-32"
      />
    </SettingsForm>
  );
}
