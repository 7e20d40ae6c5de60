'use client';

import type { ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { TextField } from '@/components/shared/text-field';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import {
  googleReviewLinkSchema,
  reviewLinksFormSchema,
  type ReviewLinksFormInput,
} from '@/lib/validation/settings';
import { googleReviewUrl } from '@/lib/format';
import { TRUSTPILOT_SOON_TEXT } from '@/lib/copy';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

type Field = 'googleReviewLink' | 'trustpilotReviewLink';
type Links = ReviewLinksFormInput;
const FIELDS: Field[] = ['googleReviewLink', 'trustpilotReviewLink'];
const PLACE_ID_FINDER =
  'https://developers.google.com/maps/documentation/places/web-service/place-id#find-id';

const asInput = (value: string | null | undefined) => value ?? '';

/**
 * Where the public review page's buttons go (full admins): the Google review page, from a Place ID or a full
 * link, and the Trustpilot review page. Blank Trustpilot: the page says 'Trustpilot review link coming soon!'.
 */
export function ReviewLinksCard({
  initialGoogleLink,
  initialTrustpilotLink,
}: {
  initialGoogleLink: string | null;
  initialTrustpilotLink: string | null;
}) {
  const form = useSchemaForm(reviewLinksFormSchema, {
    defaultValues: {
      googleReviewLink: asInput(initialGoogleLink),
      trustpilotReviewLink: asInput(initialTrustpilotLink),
    },
  });
  const input = useWatch({ control: form.control }) as Links;
  const saved = form.formState.defaultValues as Links;
  const save = useSaveSettings();
  const changed = FIELDS.filter((field) => (input[field] ?? '').trim() !== saved[field]);
  const googlePreview = googleReviewLinkSchema.safeParse(input.googleReviewLink ?? '');
  const googleUrl = googlePreview.success ? googleReviewUrl(googlePreview.data) : null;

  async function onSave(values: Links) {
    // Only what changed is sent, as typed: the server trims it and saves a blank as none.
    const body: Partial<Links> = Object.fromEntries(changed.map((field) => [field, values[field]]));
    try {
      const settings = await save.mutateAsync({ body });
      form.reset({
        googleReviewLink: asInput(settings.googleReviewLink),
        trustpilotReviewLink: asInput(settings.trustpilotReviewLink),
      });
      toast.success('Review links saved');
    } catch (e) {
      showServerError(form, e);
    }
  }

  return (
    <SettingsForm
      title="Review Links"
      description={
        <>
          Where the buttons of the &lsquo;Leave Us a Review&rsquo; page go. Each team member&rsquo;s QR code
          opens that page.
        </>
      }
      form={form}
      dirty={changed.length > 0}
      canSave={changed.length > 0}
      onSave={onSave}
      className="grid gap-5"
    >
      <LinkField
        control={form.control}
        field="googleReviewLink"
        label="Google Place ID or review link"
        placeholder="ChIJN1t_tDeuEmsRUsoyG83frY4"
        inputMode="text"
        hint={
          <>
            Find your clinic with{' '}
            <a
              href={PLACE_ID_FINDER}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
            >
              Google&rsquo;s Place ID Finder
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            and copy its Place ID (it starts with ChIJ), or paste the review link from your Google Business
            Profile (&lsquo;Ask for reviews&rsquo;). Leave blank if you have neither yet.
          </>
        }
        footer={
          googleUrl &&
          !form.formState.errors.googleReviewLink && (
            <p className="min-w-0 text-sm text-muted-foreground">
              Reviewers go to{' '}
              <a
                href={googleUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium break-all text-primary underline underline-offset-4"
              >
                {googleUrl}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          )
        }
      />
      <LinkField
        control={form.control}
        field="trustpilotReviewLink"
        label="Trustpilot review link"
        placeholder="https://uk.trustpilot.com/evaluate/yourclinic.co.uk"
        type="url"
        inputMode="url"
        hint={
          <>
            Your Trustpilot &lsquo;write a review&rsquo; page. Leave blank to show &lsquo;
            {TRUSTPILOT_SOON_TEXT}&rsquo; instead.
          </>
        }
      />
    </SettingsForm>
  );
}

/** A review link: typed as pasted (no capitals, corrections or spelling), its message above its hint. */
function LinkField({
  control,
  field,
  label,
  placeholder,
  type = 'text',
  inputMode,
  hint,
  footer,
}: {
  control: Control<Links>;
  field: Field;
  label: string;
  placeholder: string;
  type?: 'text' | 'url';
  inputMode: 'text' | 'url';
  hint: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <TextField
      control={control}
      name={field}
      id={`${field}-input`}
      className="min-w-0"
      label={label}
      description={hint}
      descriptionClassName="text-pretty"
      messageFirst
      messageProps={{ role: 'alert', className: 'font-medium' }}
      footer={footer}
      type={type}
      inputMode={inputMode}
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder={placeholder}
    />
  );
}
