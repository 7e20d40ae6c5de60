'use client';

import { useState } from 'react';
import { useController } from 'react-hook-form';
import { Info, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Form } from '@/components/ui/form';
import { ErrorAlert } from '@/components/shared/error-alert';
import { TextField } from '@/components/shared/text-field';
import { setServerErrors } from '@/lib/client/form-errors';
import { useSchemaForm } from '@/lib/contract/form';
import type { ClientDto } from '@/lib/dto/clients';
import type { CreateLeadResult, ReferralDto } from '@/lib/dto/referrals';
import { titleCaseName } from '@/lib/names';
import {
  FILL_REQUIRED_FIELDS_TEXT,
  MANUAL_ENTRY_SOURCE,
  manualReferralFormSchema,
  type ManualReferralFormValues,
} from '@/lib/validation/leads';
import { CREATE_REFERRAL_FAILED_TEXT } from '@/lib/copy';
import { checkPhone, normalisePhone } from '@/lib/validation/phone';
import { PHONE_PLACEHOLDER } from '@/lib/copy';
import { useAddManualReferral } from './mutations';
import { fullName } from './referral-helpers';
import { ReferrerPicker } from './referrer-picker';

type FieldName = keyof ManualReferralFormValues;

const FORM_ERROR_ID = 'add-referral-error';
const NOTICE_ID = 'add-referral-notice';
const fieldId = (name: FieldName) => `add-referral-${name}`;

export interface AddReferralDialogProps {
  /** The client whose Add Referral was used: the preset referrer. */
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A new referral was added: the dialog is closing. */
  onAdded: (referrer: ClientDto, referral: ReferralDto | undefined) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The lead's own fields, below the referrer. */
const LEAD_FIELDS: {
  name: Exclude<FieldName, 'referrerClientId'>;
  label: string;
  type?: string;
  inputMode?: 'tel' | 'email';
  required: boolean;
  placeholder?: string;
  hint?: string;
}[] = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'email', label: 'Email', type: 'email', inputMode: 'email', required: true },
  {
    name: 'phone',
    label: 'Phone (optional)',
    type: 'tel',
    inputMode: 'tel',
    required: false,
    placeholder: `0${PHONE_PLACEHOLDER}`,
    hint: 'A UK number, or +country code and number.',
  },
];

/**
 * Add Manual Referral (spec sections 2, 3 and 5): a lead entered by staff for a referrer, sent as a
 * 'Manual Entry' lead; the server records the lead and a pending referral together.
 */
export function AddReferralDialog({
  client,
  open,
  onOpenChange,
  onAdded,
  onCloseAutoFocus,
}: AddReferralDialogProps) {
  const addReferral = useAddManualReferral();
  /** Nothing new was added, and why (already a referral; the referrer's own email). */
  const [notice, setNotice] = useState<string | null>(null);
  /** The chosen referrer: preset, or another client found through the picker; null while none is chosen. */
  const [referrer, setReferrer] = useState<ClientDto | null>(client);
  const form = useSchemaForm(manualReferralFormSchema, {
    defaultValues: { referrerClientId: client.id, firstName: '', lastName: '', email: '', phone: '' },
  });
  const {
    control,
    handleSubmit,
    clearErrors,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  const { field: referrerField } = useController({ name: 'referrerClientId', control });

  // 'Please fill in all required fields' is one message for the form; other rules sit under their field.
  const fields: FieldName[] = ['referrerClientId', 'firstName', 'lastName', 'email', 'phone'];
  const missing = fields.some((name) => errors[name]?.message === FILL_REQUIRED_FIELDS_TEXT);
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message === FILL_REQUIRED_FIELDS_TEXT ? undefined : message;
  };
  // A refusal that names no field (errors.root): the spec's words, not the server's.
  const formError = missing ? FILL_REQUIRED_FIELDS_TEXT : errors.root?.message;
  const formErrorFor = (name: FieldName) => (errors[name] && formError ? FORM_ERROR_ID : undefined);
  const onEdit = () => {
    clearErrors('root');
    setNotice(null);
  };

  async function submit(values: ManualReferralFormValues) {
    setNotice(null);
    // The schema requires a referrer (referrerClientId), which the picker sets together with `referrer`.
    if (!referrer) return;
    const referrerName = fullName(referrer);
    const leadName = `${titleCaseName(values.firstName)} ${titleCaseName(values.lastName)}`;
    try {
      // Staff get the whole CreateLeadResult (the public form's answer is only its first two keys).
      const result: CreateLeadResult = await addReferral.mutateAsync({
        body: {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          // The number as it will be stored (the form has already checked it).
          ...(values.phone && { phone: checkPhone(values.phone) ?? normalisePhone(values.phone) }),
          recommendedBy: referrerName,
          referrerId: referrer.id,
          source: MANUAL_ENTRY_SOURCE,
        },
      });
      const restored = Boolean(result.restored);
      const shownName = result.referral?.name ?? leadName;
      // New, restored or already there: its client's list and the counts follow (useAddManualReferral).
      if (result.selfReferral) {
        setNotice(
          `The lead was recorded as a self-referral: ${values.email} is ${referrerName}'s own email address ` +
            'and a client cannot refer themselves, so it is flagged and earns no reward.',
        );
      } else if (restored) {
        // The lead was known and its referral had been deleted: the server put it back.
        setNotice(`${shownName} was referred by ${referrerName} before. Their referral has been restored.`);
      } else if (result.existing) {
        setNotice(`${shownName} is already a referral of ${referrerName}. No duplicate was added.`);
      } else {
        toast.success(`${shownName} added to the referrals of ${referrerName}`);
        onAdded(referrer, result.referral);
        onOpenChange(false);
      }
    } catch (e) {
      console.error('Manual referral failed', e);
      // What was typed stays, to try again: a 400's messages on their fields, anything else in the alert.
      if (!setServerErrors(form, e)) form.setError('root', { message: CREATE_REFERRAL_FAILED_TEXT });
    }
  }

  const referrerError = fieldError('referrerClientId');
  const referrerDescribedBy =
    [referrerError && `${fieldId('referrerClientId')}-error`, formErrorFor('referrerClientId')]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        onEscapeKeyDown={(event) => {
          // Escape in the referrer field with its list open closes the list, not the dialog.
          const target = event.target;
          if (target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true') {
            event.preventDefault();
          }
        }}
        onOpenAutoFocus={(event) => {
          // The referrer is preset: start on the lead's first name.
          event.preventDefault();
          setFocus('firstName');
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <Form {...form}>
          <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Add Manual Referral</DialogTitle>
              <DialogDescription>
                Record someone a client has referred. The referral starts as pending.
              </DialogDescription>
            </DialogHeader>

            <div className="grid gap-2">
              <Label htmlFor={fieldId('referrerClientId')}>Referrer</Label>
              <ReferrerPicker
                id={fieldId('referrerClientId')}
                value={referrer}
                onChange={(chosen) => {
                  setReferrer(chosen);
                  referrerField.onChange(chosen?.id ?? '');
                  onEdit();
                }}
                onBlur={referrerField.onBlur}
                inputRef={referrerField.ref}
                invalid={Boolean(errors.referrerClientId)}
                describedBy={referrerDescribedBy}
              />
              {referrerError && (
                <p id={`${fieldId('referrerClientId')}-error`} className="text-sm text-destructive">
                  {referrerError}
                </p>
              )}
            </div>

            <div className="grid gap-4 sm:grid-cols-2">
              {/* 'Please fill in all required fields' is said once, in the form's alert. */}
              {LEAD_FIELDS.map(({ name, type = 'text', hint, ...input }) => (
                <TextField
                  key={name}
                  control={control}
                  name={name}
                  id={fieldId(name)}
                  type={type}
                  autoComplete="off"
                  {...input}
                  description={hint}
                  descriptionClassName="text-xs"
                  describedBy={formErrorFor(name)}
                  saidByForm={FILL_REQUIRED_FIELDS_TEXT}
                  onInput={onEdit}
                />
              ))}
            </div>

            {notice && (
              <Alert id={NOTICE_ID}>
                <Info aria-hidden="true" />
                <AlertDescription>
                  <p className="text-foreground">{notice}</p>
                </AlertDescription>
              </Alert>
            )}
            {formError && <ErrorAlert id={FORM_ERROR_ID} message={formError} />}

            <DialogFooter className="flex-wrap">
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={isSubmitting}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={isSubmitting}>
                <UserPlus aria-hidden="true" />
                {isSubmitting ? 'Adding...' : 'Add Referral'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
