'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ChevronDown, CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import {
  checkLeadForm,
  EMPTY_LEAD_FORM,
  firstInvalidField,
  readLeadForm,
  type LeadFieldErrors,
  type LeadFieldName,
} from '@/lib/validation/lead-form';
import { submitLeadAction } from '@/app/(public)/recommendation-details/actions';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { LEAD_CONTROL_CLASS, LeadField, leadControlProps } from './lead-field';
import {
  IDLE_LEAD_FORM,
  NETWORK_FAILURE_TEXT,
  SERVER_FAILURE_TEXT,
  type LeadFormState,
  type LeadSent,
  type ReferrerState,
} from './lead-state';
import { COUNTRY_ID, PhoneField, PHONE_ID } from './phone-field';
import { ReferrerField } from './referrer-field';
import { PrivacyLink } from '@/components/public/clinic-mark';
import { ContactClinic } from '@/components/public/contact-clinic';
import type { Clinic } from '@/lib/clinic';
import type { CountryIso } from './phone-input';

interface LeadFormProps {
  /** The referrer's card number (the page's ref), posted as `ref`. */
  cardNumber?: string;
  referrer: ReferrerState;
  /** The form's server action, through useActionState: what a post without JavaScript goes to. */
  formAction: (data: FormData) => void;
  /** That action's answer to a post without JavaScript (a refusal re-renders the form with it). */
  posted: LeadFormState;
  onSent: (sent: LeadSent) => void;
  /** The treatments to choose from, in the clinic's order (Settings → Offer). */
  treatments: readonly string[];
  /** Whose form it is: the consent box and the privacy notice name the clinic. */
  clinic: Clinic;
}

const ID = {
  firstName: 'lead-firstName',
  lastName: 'lead-lastName',
  email: 'lead-email',
  recommendedBy: 'lead-recommendedBy',
  treatmentInterest: 'lead-treatmentInterest',
} as const;
const CONTROL_ID: Record<LeadFieldName, string> = { ...ID, country: COUNTRY_ID, phone: PHONE_ID };
const DRAFT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'treatmentInterest'] as const;

/** The fields typed into a text input: their labels and what the input says to the keyboard and autofill. */
const TEXT_INPUTS = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'given-name', autoCapitalize: 'words' },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'family-name', autoCapitalize: 'words' },
  email: {
    label: 'Email',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    autoCapitalize: 'none',
    spellCheck: false,
  },
} as const;

interface Failure {
  message: string;
  retryable: boolean;
}

/**
 * The lead form (spec sections 2, 3 and 5): first and last name, email, phone with its country code, who
 * recommended them (read-only from a link, else typed: issue 29) and how the clinic can help. A plain `<form>` posted to its server action, so it
 * works before its script has loaded or without one (issue 19); with the script, it is checked on submit by
 * the rules its server action applies (lib/validation/lead-form.ts), then again as each field is fixed, the first field with a mistake takes
 * the focus, and a failed send keeps everything typed and says why.
 */
export function LeadForm({
  cardNumber,
  referrer,
  formAction,
  posted,
  onSent,
  treatments,
  clinic,
}: LeadFormProps) {
  const refused = posted.status === 'refused' ? posted : null;
  const defaults = refused?.values ?? EMPTY_LEAD_FORM;
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(refused !== null);
  const [errors, setErrors] = useState<LeadFieldErrors>(refused?.errors ?? {});
  const [failure, setFailure] = useState<Failure | null>(
    refused?.message ? { message: refused.message, retryable: refused.retryable } : null,
  );
  const [country, setCountry] = useState<CountryIso>(defaults.country);

  // What was typed before a look at the offer page, a reload or a step back comes back (this tab only).
  const restoreDraft = !refused;
  useEffect(() => {
    const form = formRef.current;
    const draft = restoreDraft ? loadDraft() : null;
    if (!form || !draft) return;
    for (const name of DRAFT_FIELDS) {
      const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (control) control.value = draft[name];
    }
    (form.elements.namedItem('country') as HTMLSelectElement).value = draft.country;
    setCountry(draft.country);
  }, [restoreDraft]);

  // A failure the fields cannot show takes the focus, so that it is read out and 'Try again' is one Tab away.
  useEffect(() => {
    if (failure && !firstInvalidField(errors)) alertRef.current?.focus();
  }, [failure, errors]);

  function focusField(name: LeadFieldName | undefined) {
    if (name) document.getElementById(CONTROL_ID[name])?.focus();
  }

  function onChange() {
    if (!formRef.current) return;
    const values = readLeadForm(new FormData(formRef.current));
    saveDraft(values);
    // Before the first submit, mistakes wait for Submit (spec: validated on submit, then as fields are fixed).
    if (submitted) setErrors(checkLeadForm(values, treatments).errors);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With the script running, the form is sent from here (so a failed send can keep everything on screen).
    event.preventDefault();
    // Enter pressed again while the details are on their way must not send them twice.
    if (busyRef.current) return;
    const data = new FormData(event.currentTarget);
    const values = readLeadForm(data);
    const check = checkLeadForm(values, treatments);
    setSubmitted(true);
    setErrors(check.errors);
    setFailure(null);
    if (!check.ok) {
      focusField(firstInvalidField(check.errors));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    let answer: LeadFormState;
    try {
      answer = await submitLeadAction(IDLE_LEAD_FORM, data);
    } catch (error) {
      // No answer (the connection dropped) or a fault on the server: nothing typed is lost.
      const offline = error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);
      answer = {
        status: 'refused',
        values,
        errors: {},
        message: offline ? NETWORK_FAILURE_TEXT : SERVER_FAILURE_TEXT,
        retryable: true,
      };
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
    if (answer.status === 'sent') {
      clearDraft();
      onSent(answer.sent);
    } else if (answer.status === 'refused') {
      setErrors(answer.errors);
      if (answer.message) setFailure({ message: answer.message, retryable: answer.retryable });
      focusField(firstInvalidField(answer.errors));
    }
  }

  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-labelledby="lead-form-heading"
      aria-busy={busy || undefined}
      className="grid gap-5"
    >
      <div className="grid gap-1">
        <h2 id="lead-form-heading" className="text-xl font-bold tracking-tight">
          Your details
        </h2>
        <p className="text-sm text-muted-foreground">
          It takes less than a minute. All fields are required unless marked optional.
        </p>
      </div>

      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <LeadInput name="firstName" error={errors.firstName} defaultValue={defaults.firstName} />
        <LeadInput name="lastName" error={errors.lastName} defaultValue={defaults.lastName} />
      </div>

      <LeadInput name="email" error={errors.email} defaultValue={defaults.email} />

      <PhoneField
        country={country}
        onCountryChange={(iso) => {
          setCountry(iso);
          onChange();
        }}
        defaultPhone={defaults.phone}
        error={errors.phone ?? errors.country}
      />

      <ReferrerField
        cardNumber={cardNumber}
        referrer={referrer}
        typed={refused?.values.recommendedBy}
        error={errors.recommendedBy}
      />

      <LeadField id={ID.treatmentInterest} error={errors.treatmentInterest} label="How can we help you?">
        <div className="relative">
          <select
            {...leadControlProps(ID.treatmentInterest, errors.treatmentInterest)}
            name="treatmentInterest"
            defaultValue={defaults.treatmentInterest}
            required
            className={cn(
              'flex w-full appearance-none items-center border border-input/80 pr-11 outline-none',
              'transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
              'aria-invalid:border-destructive aria-invalid:ring-destructive/20 invalid:text-muted-foreground',
              '[&>option]:text-foreground',
              LEAD_CONTROL_CLASS,
            )}
          >
            <option value="" disabled>
              Choose one…
            </option>
            {/* The label is the value: the lead keeps the words the friend chose (issue 29). */}
            {treatments.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
        </div>
      </LeadField>

      <label
        htmlFor="lead-marketingConsent"
        className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl py-1 text-sm text-pretty text-muted-foreground"
      >
        <input
          id="lead-marketingConsent"
          type="checkbox"
          name="marketingConsent"
          defaultChecked={defaults.marketingConsent}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span>
          Optional: send me news and offers from {clinic.displayName}. You can stop them at any time.
        </span>
      </label>

      {failure && (
        <Alert
          ref={alertRef}
          tabIndex={-1}
          variant="destructive"
          className="outline-none focus-visible:ring-[3px] focus-visible:ring-destructive/30"
        >
          <CircleAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">Your details were not sent</AlertTitle>
          <AlertDescription>
            <p>{failure.message}</p>
            {failure.retryable && (
              <Button
                type="submit"
                variant="outline"
                size="sm"
                className="mt-1 border-destructive/40 text-destructive"
              >
                <RotateCcw aria-hidden="true" />
                Try again
              </Button>
            )}
            {/* Issue 29, point 12: when the form cannot take the details (too many, or down), a person can. */}
            <ContactClinic
              clinic={clinic}
              lead={`You can also contact ${clinic.displayName} directly.`}
              className="mt-2 text-foreground [&>div]:justify-start [&>p]:text-foreground"
            />
          </AlertDescription>
        </Alert>
      )}

      <Button
        type="submit"
        disabled={busy}
        className="h-12 w-full rounded-xl text-base font-semibold shadow-[0_10px_24px_-14px_rgb(0_64_61/0.8)]"
      >
        {busy && <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />}
        {busy ? 'Submitting...' : 'Submit'}
      </Button>
      <p className="text-center text-sm text-pretty text-muted-foreground">
        {clinic.displayName} uses your details only to arrange your consultation.{' '}
        <PrivacyLink clinic={clinic} />
      </p>
    </form>
  );
}

/** A required text field of the form (a name, the email): Enter moves on, and what was typed comes back. */
function LeadInput({
  name,
  error,
  defaultValue,
}: {
  name: keyof typeof TEXT_INPUTS;
  error: string | undefined;
  defaultValue: string;
}) {
  const { label, ...input } = TEXT_INPUTS[name];
  return (
    <LeadField id={ID[name]} error={error} label={label}>
      <Input
        {...leadControlProps(ID[name], error)}
        required
        {...input}
        enterKeyHint="next"
        className={LEAD_CONTROL_CLASS}
        name={name}
        defaultValue={defaultValue}
      />
    </LeadField>
  );
}
