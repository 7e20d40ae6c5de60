'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ChevronDown, CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { apiFetch } from '@/lib/client/api';
import type { PublicLeadResult } from '@/lib/dto/referrals';
import { cn } from '@/lib/utils';
import { TREATMENT_INTERESTS, type LeadFormValues } from '@/lib/validation/leads';
import { REFERRER_LOOKUP_FAILED_TEXT } from '@/lib/copy';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { LEAD_CONTROL_CLASS, LeadField } from './lead-field';
import {
  buildLeadPayload,
  describeSubmitFailure,
  EMPTY_LEAD_FORM,
  firstInvalidField,
  leadFormResolver,
  type LeadFieldName,
  type LeadFormOutput,
  type SubmitFailure,
} from './lead-form-logic';
import { PhoneField } from './phone-field';
import { PrivacyLink } from '@/components/public/clinic-mark';
import type { Clinic } from '@/lib/clinic';
import type { ReferrerState } from './use-referrer';

/** What the success screen needs to know about the details that were sent. */
export interface LeadSent {
  firstName: string;
  email: string;
  phone: string;
}

interface LeadFormProps {
  /** The referrer's card number (the page's ref), sent as referrerId. */
  cardNumber?: string;
  referrer: ReferrerState;
  onSent: (sent: LeadSent) => void;
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
const REFERRER_NOTE_ID = 'lead-recommendedBy-note';

/**
 * The lead form (spec sections 2, 3 and 5): first and last name, email, phone with its country code, who
 * recommended them (read-only) and how the clinic can help. Checked on submit, then again as each field is
 * fixed; the first field with a mistake takes the focus. A failed send keeps everything typed and says why.
 */
export function LeadForm({ cardNumber, referrer, onSent, clinic }: LeadFormProps) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<LeadFormValues, unknown, LeadFormOutput>({
    resolver: leadFormResolver,
    defaultValues: EMPTY_LEAD_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first field with a mistake is focused in the order of the page (below), not of registration.
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    subscribe,
    formState: { isSubmitted },
  } = form;

  // What was typed before a look at the offer page, a reload or a step back comes back (this tab only).
  useEffect(() => {
    const draft = loadDraft();
    if (draft) reset(draft);
    return subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft(values) });
  }, [reset, subscribe]);

  // A failure the fields cannot show takes the focus, so that it is read out and 'Try again' is one Tab away.
  useEffect(() => {
    if (failure && Object.keys(failure.fieldErrors).length === 0) alertRef.current?.focus();
  }, [failure]);

  const recommendedBy = referrer.status === 'found' ? referrer.fullName : undefined;

  async function send(values: LeadFormOutput) {
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    const payload = buildLeadPayload(values, { referrerId: cardNumber, recommendedBy });
    try {
      // The answer ({ leadId, referralId }) is the same for every lead, so the thank-you screen is too.
      await apiFetch<PublicLeadResult>('/api/leads', { method: 'POST', body: payload });
      clearDraft();
      onSent({ firstName: payload.firstName, email: payload.email, phone: payload.phone });
    } catch (error) {
      const described = describeSubmitFailure(error);
      for (const [name, message] of Object.entries(described.fieldErrors)) {
        setError(name as LeadFieldName, { type: 'server', message });
      }
      setFailure(described);
      const first = firstInvalidField(described.fieldErrors);
      if (first) setFocus(first);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Enter pressed again while the details are on their way must not send them twice.
    if (busyRef.current) {
      event.preventDefault();
      return;
    }
    void handleSubmit(send, (invalid) => {
      const first = firstInvalidField(invalid);
      if (first) setFocus(first);
    })(event);
  }

  return (
    <Form {...form}>
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="lead-form-heading"
        aria-busy={busy || undefined}
        className="grid gap-5"
      >
        <div className="grid gap-1">
          <h2 id="lead-form-heading" className="text-xl font-bold tracking-tight">
            Your details
          </h2>
          <p className="text-sm text-muted-foreground">
            It takes less than a minute. All fields are required.
          </p>
        </div>

        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <LeadField name="firstName" id={ID.firstName} label="First name">
            <FormControl>
              <Input
                required
                type="text"
                autoComplete="given-name"
                autoCapitalize="words"
                enterKeyHint="next"
                className={LEAD_CONTROL_CLASS}
                {...register('firstName')}
              />
            </FormControl>
          </LeadField>
          <LeadField name="lastName" id={ID.lastName} label="Last name">
            <FormControl>
              <Input
                required
                type="text"
                autoComplete="family-name"
                autoCapitalize="words"
                enterKeyHint="next"
                className={LEAD_CONTROL_CLASS}
                {...register('lastName')}
              />
            </FormControl>
          </LeadField>
        </div>

        <LeadField name="email" id={ID.email} label="Email">
          <FormControl>
            <Input
              required
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              enterKeyHint="next"
              className={LEAD_CONTROL_CLASS}
              {...register('email')}
            />
          </FormControl>
        </LeadField>

        <PhoneField form={form} submitted={isSubmitted} />

        {cardNumber && (
          <LeadField
            id={ID.recommendedBy}
            label="Recommended by"
            noteId={REFERRER_NOTE_ID}
            note={
              <div role="status">
                {referrer.status === 'failed' && (
                  <p className="flex items-start gap-1.5 text-amber-800 dark:text-amber-300">
                    <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>{REFERRER_LOOKUP_FAILED_TEXT}. You can still send your details.</span>
                  </p>
                )}
              </div>
            }
          >
            <Input
              id={ID.recommendedBy}
              type="text"
              readOnly
              value={recommendedBy ?? ''}
              placeholder={referrer.status === 'loading' ? 'Looking up…' : undefined}
              aria-busy={referrer.status === 'loading' || undefined}
              aria-describedby={referrer.status === 'failed' ? REFERRER_NOTE_ID : undefined}
              className={cn(LEAD_CONTROL_CLASS, 'cursor-default bg-secondary/60 font-medium text-foreground')}
            />
          </LeadField>
        )}

        <LeadField name="treatmentInterest" id={ID.treatmentInterest} label="How can we help you?">
          <div className="relative">
            <FormControl>
              <select
                required
                className={cn(
                  'flex w-full appearance-none items-center border border-input/80 pr-11 outline-none',
                  'transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  'aria-invalid:border-destructive aria-invalid:ring-destructive/20 invalid:text-muted-foreground',
                  '[&>option]:text-foreground',
                  LEAD_CONTROL_CLASS,
                )}
                {...register('treatmentInterest')}
              >
                <option value="" disabled>
                  Choose one…
                </option>
                {TREATMENT_INTERESTS.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </FormControl>
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
            {...register('marketingConsent')}
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
    </Form>
  );
}
