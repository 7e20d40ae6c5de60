'use client';

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '@/components/shared/text-field';
import { Textarea } from '@/components/ui/textarea';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { SettingsDto } from '@/lib/dto/settings';
import { AMOUNT_PLACEHOLDER, offerCtaText, rewardText, shareMessage } from '@/lib/offer';
import { OFFER_LIMITS, offerCardFormSchema, type OfferCardFormInput } from '@/lib/validation/settings';
import { CheckboxField } from './checkbox-field';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';
import { TreatmentList } from './treatment-list';

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
      <CheckboxField
        control={form.control}
        name="offerEnabled"
        id="offerEnabled-input"
        label="Friends get an offer"
        description="Untick if you make no offer: the card, the share message and the form then promise nothing."
        className="flex items-start gap-3"
        checkboxClassName="mt-0.5 size-5"
      />

      <fieldset disabled={!enabled} className="grid gap-4 disabled:opacity-70">
        <legend className="sr-only">The friend&apos;s offer</legend>
        <OfferText
          form={form}
          name="offerHeadline"
          label="Headline"
          max={OFFER_LIMITS.headline}
          placeholder="5% off your Smile Story"
          hint={cta ? `The card's button reads: "${cta}"` : undefined}
        />
        <OfferText
          form={form}
          name="offerInvitation"
          label="Share message invitation"
          max={OFFER_LIMITS.invitation}
          placeholder="book a free consultation and get 5% off your Smile Story"
          hint='Finishes the sentence "Use my personal link to …" in the message clients share.'
        />
        <OfferText
          long
          form={form}
          name="offerDetails"
          label="Details"
          max={OFFER_LIMITS.details}
          hint="Shown on the offer page and the thank-you after the form is sent."
        />
        <OfferText
          long
          form={form}
          name="offerTerms"
          label="Terms"
          max={OFFER_LIMITS.terms}
          hint="Shown with the offer. Leave blank for none."
        />
        <OfferText
          form={form}
          name="offerLink"
          label="Your own offer page (optional)"
          type="url"
          placeholder="https://www.yourclinic.co.uk/friends-offer"
          hint="Where the offer's button goes. Leave blank to use the built-in offer page, which shows the details and terms above."
        />
      </fieldset>

      <OfferText
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

      <TreatmentList form={form} />

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

/** One of the offer's words: a line (or, `long`, a paragraph) with its message and hint. */
function OfferText({
  form,
  name,
  label,
  hint,
  max,
  long = false,
  type = 'text',
  placeholder,
}: {
  form: UseFormReturn<OfferValues>;
  name: TextName;
  label: string;
  hint?: string;
  max?: number;
  /** A paragraph: three rows to write in. */
  long?: boolean;
  type?: string;
  placeholder?: string;
}) {
  const maxLength = max ? max + 20 : undefined;
  return (
    <TextField
      control={form.control}
      name={name}
      id={`${name}-input`}
      label={label}
      description={hint}
      messageFirst
      messageProps={{ role: 'alert' }}
      type={type}
      inputMode={type === 'url' ? 'url' : undefined}
      placeholder={placeholder}
      maxLength={maxLength}
    >
      {long ? (field) => <Textarea {...field} rows={3} maxLength={maxLength} /> : undefined}
    </TextField>
  );
}
