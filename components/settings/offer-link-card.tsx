'use client';

import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/client/api';
import { CTA_TEXT } from '@/lib/copy';
import { offerLinkSchema } from '@/lib/validation/settings';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

/** Where the recommendation form's offer button goes (full admins). Blank: the built-in offer page. */
export function OfferLinkCard({ initialLink }: { initialLink: string | null }) {
  const form = useForm<{ offerLink: string }>({ defaultValues: { offerLink: initialLink ?? '' } });
  const input = useWatch({ control: form.control, name: 'offerLink' });
  const dirty = input.trim() !== (form.formState.defaultValues?.offerLink ?? '');
  const save = useSaveSettings();

  async function onSave({ offerLink }: { offerLink: string }) {
    const parsed = offerLinkSchema.safeParse(offerLink);
    if (!parsed.success) {
      form.setError(
        'offerLink',
        { message: parsed.error.issues[0]?.message ?? 'Invalid link' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const settings = await save.mutateAsync({ offerLink: parsed.data });
      form.reset({ offerLink: settings.offerLink ?? '' });
      toast.success('Offer link saved');
    } catch (e) {
      form.setError('root', { message: errorMessage(e) });
    }
  }

  return (
    <SettingsForm
      title="Smile Story Offer Link"
      description={<>Where the &lsquo;{CTA_TEXT}&rsquo; button on the recommendation form goes.</>}
      form={form}
      dirty={dirty}
      canSave={dirty}
      onSave={onSave}
    >
      <FormField
        control={form.control}
        name="offerLink"
        render={({ field }) => (
          <FormItem id="offerLink-input">
            <FormLabel>Offer link</FormLabel>
            <FormControl>
              <Input
                {...field}
                type="url"
                inputMode="url"
                placeholder="https://www.yourclinic.co.uk/smile-story-offer"
              />
            </FormControl>
            <FormMessage role="alert" />
            <FormDescription>Leave blank to use the built-in offer page.</FormDescription>
          </FormItem>
        )}
      />
    </SettingsForm>
  );
}
