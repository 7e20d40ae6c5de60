'use client';

import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/client/api';
import { formatPounds } from '@/lib/money';
import { amountInputProblem, canSaveAmount, MAX_AMOUNT_POUNDS } from '@/lib/validation/settings';
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

export function AmountCard({ field, initialAmount }: { field: AmountField; initialAmount: number }) {
  const copy = COPY[field];
  const form = useForm<{ amount: string }>({ defaultValues: { amount: String(initialAmount) } });
  const input = useWatch({ control: form.control, name: 'amount' });
  const saved = Number(form.formState.defaultValues?.amount ?? initialAmount);
  const save = useSaveSettings();
  // Above the ceiling: the shared schema's message, as the server would answer.
  const problem = amountInputProblem(field, input);
  const problemId = `${field}-problem`;

  async function onSave({ amount }: { amount: string }) {
    if (!canSaveAmount(amount, saved)) return;
    try {
      const settings = await save.mutateAsync({ [field]: Number(amount) });
      form.reset({ amount: String(settings[field]) });
      toast.success(copy.saved);
    } catch (e) {
      form.setError('root', { message: errorMessage(e) });
    }
  }

  return (
    <SettingsForm
      title={copy.title}
      description={copy.description}
      form={form}
      dirty={input !== String(saved)}
      canSave={canSaveAmount(input, saved)}
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
    </SettingsForm>
  );
}
