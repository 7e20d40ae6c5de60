'use client';

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '@/components/shared/text-field';
import { Textarea } from '@/components/ui/textarea';
import { DEFAULT_BRAND_COLOUR, normaliseHex } from '@/lib/colour';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { ClinicProfileDto } from '@/lib/dto/settings';
import { clinicProfileFormSchema, type ClinicProfileFormInput } from '@/lib/validation/settings';
import { useSaveSettings } from './mutations';
import { SettingsForm } from './settings-form';

type FieldName =
  | 'clinicName'
  | 'clinicEmail'
  | 'clinicPhone'
  | 'clinicAddress'
  | 'clinicWebsite'
  | 'brandColour'
  | 'privacyNoticeUrl';
type ProfileValues = ClinicProfileFormInput;

const FIELDS: { name: FieldName; label: string; type?: string; placeholder?: string; hint?: string }[] = [
  { name: 'clinicName', label: 'Clinic name', placeholder: 'Harbour Smile Studio' },
  { name: 'clinicEmail', label: 'Email', type: 'email', placeholder: 'hello@yourclinic.co.uk' },
  { name: 'clinicPhone', label: 'Phone', type: 'tel', placeholder: '020 7946 0000' },
  { name: 'clinicWebsite', label: 'Website', type: 'url', placeholder: 'https://www.yourclinic.co.uk' },
  {
    name: 'privacyNoticeUrl',
    label: 'Your own privacy notice (optional)',
    type: 'url',
    placeholder: 'https://www.yourclinic.co.uk/privacy',
    hint: 'Leave blank to use the notice built from this profile (shown at /privacy).',
  },
];

function toValues(p: ClinicProfileDto): ProfileValues {
  return {
    clinicName: p.clinicName ?? '',
    clinicEmail: p.clinicEmail ?? '',
    clinicPhone: p.clinicPhone ?? '',
    clinicAddress: p.clinicAddress ?? '',
    clinicWebsite: p.clinicWebsite ?? '',
    brandColour: p.brandColour ?? '',
    privacyNoticeUrl: p.privacyNoticeUrl ?? '',
    leadRetentionMonths: String(p.leadRetentionMonths),
  };
}

/**
 * The clinic's profile (full admins, issue 16): who the public pages belong to. The brand colour is checked
 * here as the server checks it (white text on it must reach 4.5:1), with a darker shade suggested.
 */
export function ClinicProfileCard({ profile }: { profile: ClinicProfileDto }) {
  const form = useSchemaForm(clinicProfileFormSchema, { defaultValues: toValues(profile) });
  const save = useSaveSettings();
  const dirty = form.formState.isDirty;
  const colour =
    normaliseHex(useWatch({ control: form.control, name: 'brandColour' })) ?? DEFAULT_BRAND_COLOUR;

  async function onSave(values: ProfileValues) {
    try {
      const { leadRetentionMonths, ...rest } = values;
      const saved = await save.mutateAsync({
        body: { ...rest, leadRetentionMonths: Number(leadRetentionMonths) },
      });
      form.reset(toValues(saved));
      toast.success('Clinic profile saved');
    } catch (e) {
      showServerError(form, e);
    }
  }

  return (
    <SettingsForm
      title="Clinic profile"
      description="Your clinic's name, contact details and colour on the reward card, the recommendation form, the review page and the privacy notice."
      form={form}
      dirty={dirty}
      canSave={dirty}
      onSave={onSave}
    >
      {FIELDS.slice(0, 1).map((f) => (
        <ProfileField key={f.name} form={form} field={f} />
      ))}
      <TextField
        control={form.control}
        name="clinicAddress"
        id="clinicAddress-input"
        label="Address"
        messageProps={{ role: 'alert' }}
      >
        {(field) => <Textarea {...field} rows={3} placeholder={'1 Quay Street\nBristol BS1 4DJ'} />}
      </TextField>
      {FIELDS.slice(1).map((f) => (
        <ProfileField key={f.name} form={form} field={f} />
      ))}
      <TextField
        control={form.control}
        name="brandColour"
        id="brandColour-input"
        label="Brand colour"
        description="A hex code for buttons and the card. White text must be readable on it; leave blank for the built-in teal."
        messageFirst
        messageProps={{ role: 'alert' }}
        around={(input) => (
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="size-11 shrink-0 rounded-md ring-1 ring-black/10"
              style={{ background: colour }}
            />
            {input}
          </div>
        )}
        placeholder={DEFAULT_BRAND_COLOUR}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        control={form.control}
        name="leadRetentionMonths"
        id="leadRetentionMonths-input"
        label="Keep leads that did not start treatment for (months)"
        description="From 6 to 120. Older leads are erased automatically every night."
        messageFirst
        messageProps={{ role: 'alert' }}
        type="number"
        inputMode="numeric"
        min={6}
        max={120}
        step={1}
      />
    </SettingsForm>
  );
}

/** A line of the profile: a text input, its message, and its hint when it has one. */
function ProfileField({
  form,
  field: f,
}: {
  form: UseFormReturn<ProfileValues>;
  field: (typeof FIELDS)[number];
}) {
  return (
    <TextField
      control={form.control}
      name={f.name}
      id={`${f.name}-input`}
      label={f.label}
      description={f.hint}
      messageFirst
      messageProps={{ role: 'alert' }}
      type={f.type ?? 'text'}
      placeholder={f.placeholder}
    />
  );
}
