'use client';

import { toast } from 'sonner';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import {
  MESSAGE_KIND_HINTS,
  MESSAGE_KIND_LABELS,
  SWITCHABLE_KINDS,
  type SwitchableKind,
} from '@/lib/messages/kinds';
import { messageKindsFormSchema, type MessageKindsFormInput } from '@/lib/validation/settings';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

type Values = MessageKindsFormInput;

const toValues = (off: SwitchableKind[]): Values =>
  Object.fromEntries(SWITCHABLE_KINDS.map((k) => [k, !off.includes(k)])) as Values;

/** Which messages the app sends (issue 17): each kind can be turned off for everyone. */
export function MessageKindsCard({
  initialOff,
  mailServer,
}: {
  initialOff: SwitchableKind[];
  mailServer: boolean;
}) {
  const form = useSchemaForm(messageKindsFormSchema, { defaultValues: toValues(initialOff) });
  const save = useSaveSettings();

  async function onSave(values: Values) {
    try {
      const saved = await save.mutateAsync({
        body: { messageKindsOff: SWITCHABLE_KINDS.filter((k) => !values[k]) },
      });
      form.reset(toValues(saved.messageKindsOff));
      toast.success('Email settings saved');
    } catch (error) {
      showServerError(form, error);
    }
  }

  return (
    <SettingsForm
      title="Emails"
      description={
        mailServer
          ? 'The emails the app sends. Turn a kind off to stop sending it to anyone.'
          : 'No mail server is set up (SMTP_URL): emails are kept, not sent, until one is. Turn a kind off to stop writing it.'
      }
      form={form}
      dirty={form.formState.isDirty}
      canSave={form.formState.isDirty}
      onSave={onSave}
    >
      {SWITCHABLE_KINDS.map((kind) => (
        <FormField
          key={kind}
          control={form.control}
          name={kind}
          render={({ field }) => (
            <FormItem className="flex items-start gap-3">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              </FormControl>
              <div className="grid gap-1 leading-none">
                <FormLabel>{MESSAGE_KIND_LABELS[kind]}</FormLabel>
                <FormDescription>{MESSAGE_KIND_HINTS[kind]}</FormDescription>
              </div>
            </FormItem>
          )}
        />
      ))}
    </SettingsForm>
  );
}
