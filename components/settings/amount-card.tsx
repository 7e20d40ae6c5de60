'use client';

import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { formatPounds } from '@/lib/money';
import {
  amountFormSchema,
  amountInputProblem,
  type AmountFormInput,
  canSaveAmount,
  MAX_AMOUNT_POUNDS,
  PAID_EMAIL_DELAY_MINUTES,
  PAID_EMAIL_DELAY_TEXT,
  paidEmailDelaySchema,
} from '@/lib/validation/settings';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

export type AmountField = 'referralRewardAmount' | 'teamBonusAmount';

const COPY: Record<AmountField, { title: string; description: string; label: string; saved: string }> = {
  referralRewardAmount: {
    title: 'Referral Reward Amount',
    description: 'The £ reward paid to a client for each referral whose story starts.',
    label: 'Referral reward amount (£)',
    saved: 'Referral reward amount saved',
  },
  teamBonusAmount: {
    title: 'Team Bonus Amount',
    description: 'The £ bonus paid to a team member for each verified review.',
    label: 'Team bonus amount (£)',
    saved: 'Team bonus amount saved',
  },
};

/** The amount typed, and the minutes the 'reward paid' email waits (the referral reward's card only). */
type AmountValues = AmountFormInput;

/** The minutes typed, when the shared schema accepts them. */
function delayOf(input: string): number | null {
  if (input.trim() === '') return null;
  const parsed = paidEmailDelaySchema.safeParse(Number(input));
  return parsed.success ? parsed.data : null;
}

export function AmountCard({
  field,
  initialAmount,
  paidEmailDelayMinutes,
}: {
  field: AmountField;
  initialAmount: number;
  /**
   * The referral reward's card also sets how long the 'reward paid' email waits for an undo (issue 29): the
   * two decide what a client is told and when.
   */
  paidEmailDelayMinutes?: number;
}) {
  const copy = COPY[field];
  const withDelay = paidEmailDelayMinutes !== undefined;
  const form = useSchemaForm(amountFormSchema(field), {
    defaultValues: { amount: String(initialAmount), delay: String(paidEmailDelayMinutes ?? '') },
  });
  const input = useWatch({ control: form.control, name: 'amount' });
  const delayInput = useWatch({ control: form.control, name: 'delay' });
  const saved = Number(form.formState.defaultValues?.amount ?? initialAmount);
  const savedDelay = form.formState.defaultValues?.delay ?? String(paidEmailDelayMinutes ?? '');
  const save = useSaveSettings();
  // Above the ceiling: the shared schema's message, as the server would answer.
  const problem = amountInputProblem(field, input);
  const problemId = `${field}-problem`;
  const amountChanged = input !== String(saved);
  const delayChanged = withDelay && delayInput.trim() !== savedDelay;
  const delay = delayOf(delayInput);
  const delayProblem = withDelay && delayChanged && delay === null ? PAID_EMAIL_DELAY_TEXT : null;
  const canSave =
    (amountChanged || delayChanged) &&
    (!amountChanged || canSaveAmount(input, saved)) &&
    (!delayChanged || delay !== null);

  async function onSave(values: AmountValues) {
    if (!canSave) return;
    try {
      const settings = await save.mutateAsync({
        body: {
          ...(amountChanged && { [field]: Number(values.amount) }),
          ...(delayChanged && delay !== null && { paidEmailDelayMinutes: delay }),
        },
      });
      form.reset({ amount: String(settings[field]), delay: String(settings.paidEmailDelayMinutes) });
      toast.success(amountChanged ? copy.saved : 'Reward email timing saved');
    } catch (e) {
      showServerError(form, e);
    }
  }

  return (
    <SettingsForm
      title={copy.title}
      description={copy.description}
      form={form}
      dirty={amountChanged || delayChanged}
      canSave={canSave}
      onSave={onSave}
    >
      <p className="text-sm">
        Current amount: <span className="font-semibold">{formatPounds(saved)}</span>
      </p>
      <FormField
        control={form.control}
        name="amount"
        render={({ field: input }) => (
          <FormItem id={`${field}-input`} describedBy={problem ? problemId : undefined}>
            <FormLabel>{copy.label}</FormLabel>
            <FormControl>
              <Input
                {...input}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_AMOUNT_POUNDS}
                step={1}
                aria-invalid={problem ? true : undefined}
              />
            </FormControl>
            {problem && (
              <p id={problemId} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </FormItem>
        )}
      />
      {withDelay && (
        <FormField
          control={form.control}
          name="delay"
          render={({ field: input }) => (
            <FormItem
              id="paidEmailDelayMinutes-input"
              describedBy={delayProblem ? 'paidEmailDelayMinutes-problem' : undefined}
            >
              <FormLabel>Email the client that a reward is paid after (minutes)</FormLabel>
              <FormControl>
                <Input
                  {...input}
                  type="number"
                  inputMode="numeric"
                  min={PAID_EMAIL_DELAY_MINUTES.min}
                  max={PAID_EMAIL_DELAY_MINUTES.max}
                  step={1}
                  className="max-w-32"
                  aria-invalid={delayProblem ? true : undefined}
                />
              </FormControl>
              <FormDescription>
                An Undo within this time cancels the email; after it, the client gets a short correction. Use
                0 if you mark rewards paid only once your bank has sent the money.
              </FormDescription>
              {delayProblem && (
                <p id="paidEmailDelayMinutes-problem" role="alert" className="text-sm text-destructive">
                  {delayProblem}
                </p>
              )}
            </FormItem>
          )}
        />
      )}
    </SettingsForm>
  );
}
