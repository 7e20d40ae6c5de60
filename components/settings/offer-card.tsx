'use client';

import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { SettingsDto } from '@/lib/dto/settings';
import { AMOUNT_PLACEHOLDER, offerCtaText, rewardText, shareMessage } from '@/lib/offer';
import { OFFER_LIMITS, offerCardFormSchema, type OfferCardFormInput } from '@/lib/validation/settings';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

/** The form's values: text as typed, the treatments as rows (useFieldArray keeps each row's identity). */
type OfferValues = OfferCardFormInput;

type OfferSettings = Pick<
  SettingsDto,
  | 'offerEnabled'
  | 'offerHeadline'
  | 'offerInvitation'
  | 'offerDetails'
  | 'offerTerms'
  | 'offerLink'
  | 'rewardWording'
  | 'treatmentOptions'
  | 'clinicName'
  | 'referralRewardAmount'
>;

function toValues(s: OfferSettings): OfferValues {
  return {
    offerEnabled: s.offerEnabled,
    offerHeadline: s.offerHeadline,
    offerInvitation: s.offerInvitation,
    offerDetails: s.offerDetails,
    offerTerms: s.offerTerms,
    offerLink: s.offerLink ?? '',
    rewardWording: s.rewardWording,
    treatments: s.treatmentOptions.map((label) => ({ label })),
  };
}

/**
 * Settings → Offer (full admins, issue 29): the friend's offer in the clinic's own words (or none at all), what
 * the referrer earns, and the treatments the recommendation form lists. Beside the words, what patients will
 * read: the card's button, the card's reward line and the share message, as they will be once saved.
 */
export function OfferCard({ settings }: { settings: OfferSettings }) {
  const form = useSchemaForm(offerCardFormSchema, { defaultValues: toValues(settings) });
  const treatments = useFieldArray({ control: form.control, name: 'treatments' });
  const save = useSaveSettings();
  const dirty = form.formState.isDirty;
  const live = useWatch({ control: form.control }) as OfferValues;
  const enabled = live.offerEnabled;

  async function onSave(values: OfferValues) {
    const { treatments: rows, ...rest } = values;
    try {
      const saved = await save.mutateAsync({
        body: { ...rest, treatmentOptions: rows.map((row) => row.label) },
      });
      form.reset(toValues(saved));
      toast.success('Offer saved');
    } catch (e) {
      showServerError(form, e);
    }
  }

  const amount = settings.referralRewardAmount;
  const cta = offerCtaText({ offerEnabled: enabled, offerHeadline: live.offerHeadline?.trim() ?? '' });
  const wordingOk = (live.rewardWording ?? '').split(AMOUNT_PLACEHOLDER).length === 2;

  return (
    <SettingsForm
      title="Offer"
      description="The friend's offer in your own words, what a client earns for a recommendation, and the treatments the recommendation form lists. Patients read exactly these words."
      form={form}
      dirty={dirty}
      canSave={dirty}
      onSave={onSave}
    >
      <FormField
        control={form.control}
        name="offerEnabled"
        render={({ field }) => (
          <FormItem id="offerEnabled-input" className="flex items-start gap-3">
            <FormControl>
              <Checkbox
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                className="mt-0.5 size-5"
              />
            </FormControl>
            <div className="grid gap-1">
              <FormLabel>Friends get an offer</FormLabel>
              <FormDescription>
                Untick if you make no offer: the card, the share message and the form then promise nothing.
              </FormDescription>
            </div>
          </FormItem>
        )}
      />

      <fieldset disabled={!enabled} className="grid gap-4 disabled:opacity-70">
        <legend className="sr-only">The friend&apos;s offer</legend>
        <TextInput
          form={form}
          name="offerHeadline"
          label="Headline"
          max={OFFER_LIMITS.headline}
          placeholder="5% off your Smile Story"
          hint={cta ? `The card's button reads: "${cta}"` : undefined}
        />
        <TextInput
          form={form}
          name="offerInvitation"
          label="Share message invitation"
          max={OFFER_LIMITS.invitation}
          placeholder="book a free consultation and get 5% off your Smile Story"
          hint='Finishes the sentence "Use my personal link to …" in the message clients share.'
        />
        <TextArea
          form={form}
          name="offerDetails"
          label="Details"
          max={OFFER_LIMITS.details}
          hint="Shown on the offer page and the thank-you after the form is sent."
        />
        <TextArea
          form={form}
          name="offerTerms"
          label="Terms"
          max={OFFER_LIMITS.terms}
          hint="Shown with the offer. Leave blank for none."
        />
        <TextInput
          form={form}
          name="offerLink"
          label="Your own offer page (optional)"
          type="url"
          placeholder="https://www.yourclinic.co.uk/friends-offer"
          hint="Where the offer's button goes. Leave blank to use the built-in offer page, which shows the details and terms above."
        />
      </fieldset>

      <TextInput
        form={form}
        name="rewardWording"
        label="What a client earns"
        max={OFFER_LIMITS.rewardWording}
        placeholder="{amount} cash per referral"
        hint={
          wordingOk
            ? `Write ${AMOUNT_PLACEHOLDER} where the reward amount goes. The card reads: "EARN ${rewardText(live.rewardWording, amount).toLocaleUpperCase('en-GB')}"`
            : `Write ${AMOUNT_PLACEHOLDER} once where the reward amount (now £${amount.toLocaleString('en-GB')}) goes, so the words always match it.`
        }
      />

      <fieldset className="grid gap-2" aria-describedby="treatments-hint">
        <legend className="text-sm font-medium">Treatments on the form</legend>
        <p id="treatments-hint" className="text-sm text-muted-foreground">
          &ldquo;How can we help you?&rdquo; lists these, in this order (1 to {OFFER_LIMITS.treatmentsMax}).
          Leads already received keep the treatment they chose.
        </p>
        <ol className="grid gap-2">
          {treatments.fields.map((row, index) => (
            <li key={row.id}>
              <FormField
                control={form.control}
                name={`treatments.${index}.label`}
                render={({ field }) => (
                  <FormItem id={`treatment-${index}-input`}>
                    <FormLabel className="sr-only">Treatment {index + 1}</FormLabel>
                    <div className="flex items-center gap-1.5">
                      <FormControl>
                        <Input {...field} maxLength={OFFER_LIMITS.treatment + 20} autoComplete="off" />
                      </FormControl>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        title="Move up"
                        aria-label={`Move "${field.value || `treatment ${index + 1}`}" up`}
                        disabled={index === 0}
                        onClick={() => treatments.move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        title="Move down"
                        aria-label={`Move "${field.value || `treatment ${index + 1}`}" down`}
                        disabled={index === treatments.fields.length - 1}
                        onClick={() => treatments.move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        title="Remove"
                        aria-label={`Remove "${field.value || `treatment ${index + 1}`}"`}
                        disabled={treatments.fields.length === 1}
                        onClick={() => treatments.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                    <FormMessage role="alert" />
                  </FormItem>
                )}
              />
            </li>
          ))}
        </ol>
        {/* The list's own problem (how many, each once): the schema's, on the rows' root. */}
        {(form.formState.errors.treatments?.root?.message ?? form.formState.errors.treatments?.message) && (
          <p role="alert" className="text-sm text-destructive">
            {form.formState.errors.treatments?.root?.message ?? form.formState.errors.treatments?.message}
          </p>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={treatments.fields.length >= OFFER_LIMITS.treatmentsMax}
            onClick={() => treatments.append({ label: '' }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" />
            Add a treatment
          </Button>
        </div>
      </fieldset>

      <SharePreview settings={settings} live={live} />
    </SettingsForm>
  );
}

/** The message a client's 'Share via Apps' will send, as it will read once saved. */
function SharePreview({ settings, live }: { settings: OfferSettings; live: OfferValues }) {
  const message = shareMessage({
    clinicName: settings.clinicName,
    offer: { offerEnabled: live.offerEnabled, offerInvitation: live.offerInvitation?.trim() ?? '' },
    rewardAmount: settings.referralRewardAmount,
    link: '…/recommendation-details?ref=SC-…',
  });
  return (
    <figure className="grid gap-1.5 rounded-lg bg-muted/60 p-3 text-sm">
      <figcaption className="font-medium">The share message</figcaption>
      <blockquote className="text-pretty break-words text-muted-foreground" data-testid="share-preview">
        {message}
      </blockquote>
    </figure>
  );
}

type TextName =
  'offerHeadline' | 'offerInvitation' | 'offerDetails' | 'offerTerms' | 'offerLink' | 'rewardWording';

function TextInput({
  form,
  name,
  label,
  hint,
  max,
  type = 'text',
  placeholder,
}: {
  form: UseFormReturn<OfferValues>;
  name: TextName;
  label: string;
  hint?: string;
  max?: number;
  type?: string;
  placeholder?: string;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem id={`${name}-input`}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              type={type}
              inputMode={type === 'url' ? 'url' : undefined}
              placeholder={placeholder}
              maxLength={max ? max + 20 : undefined}
            />
          </FormControl>
          <FormMessage role="alert" />
          {hint && <FormDescription>{hint}</FormDescription>}
        </FormItem>
      )}
    />
  );
}

function TextArea({
  form,
  name,
  label,
  hint,
  max,
}: {
  form: UseFormReturn<OfferValues>;
  name: TextName;
  label: string;
  hint?: string;
  max: number;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem id={`${name}-input`}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...field} rows={3} maxLength={max + 20} />
          </FormControl>
          <FormMessage role="alert" />
          {hint && <FormDescription>{hint}</FormDescription>}
        </FormItem>
      )}
    />
  );
}
