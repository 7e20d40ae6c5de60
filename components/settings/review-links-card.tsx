'use client';

import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { CircleAlert, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, apiFetch, errorMessage } from '@/lib/client/api';
import { googleReviewLinkSchema, trustpilotReviewLinkSchema } from '@/lib/validation/settings';
import { googleReviewUrl, TRUSTPILOT_SOON_TEXT } from '@/lib/validation/team';

type Field = 'googleReviewLink' | 'trustpilotReviewLink';
type Links = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const SCHEMAS = {
  googleReviewLink: googleReviewLinkSchema,
  trustpilotReviewLink: trustpilotReviewLinkSchema,
};
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
  const initial: Links = {
    googleReviewLink: asInput(initialGoogleLink),
    trustpilotReviewLink: asInput(initialTrustpilotLink),
  };
  const [saved, setSaved] = useState<Links>(initial);
  const [input, setInput] = useState<Links>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const googleInput = useRef<HTMLInputElement>(null);
  const trustpilotInput = useRef<HTMLInputElement>(null);

  const changed = FIELDS.filter((field) => input[field].trim() !== saved[field]);
  const dirty = changed.length > 0;
  const googlePreview = googleReviewLinkSchema.safeParse(input.googleReviewLink);
  const googleUrl = googlePreview.success ? googleReviewUrl(googlePreview.data) : null;

  function edit(field: Field, value: string) {
    setInput((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) (first === 'googleReviewLink' ? googleInput : trustpilotInput).current?.focus();
  }

  function reset() {
    setInput(saved);
    setErrors({});
    setFormError(null);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty || saving) return;
    const body: Partial<Record<Field, string | null>> = {};
    const found: Errors = {};
    for (const field of changed) {
      const parsed = SCHEMAS[field].safeParse(input[field]);
      if (parsed.success) body[field] = parsed.data;
      else found[field] = parsed.error.issues[0]?.message ?? 'Invalid link';
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      const settings = await apiFetch<Record<Field, string | null>>('/api/settings', {
        method: 'PATCH',
        body,
      });
      const next: Links = {
        googleReviewLink: asInput(settings.googleReviewLink),
        trustpilotReviewLink: asInput(settings.trustpilotReviewLink),
      };
      setSaved(next);
      setInput(next);
      toast.success('Review links saved');
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : undefined;
      const fromServer: Errors = {};
      for (const field of FIELDS) if (fieldErrors?.[field]?.[0]) fromServer[field] = fieldErrors[field][0];
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
      else setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Review Links</h2>
        </CardTitle>
        <CardDescription>
          Where the buttons of the &lsquo;Leave Us a Review&rsquo; page go. Each team member&rsquo;s QR code
          opens that page.
        </CardDescription>
        {dirty && (
          <CardAction>
            <Badge variant="warning">Unsaved changes</Badge>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-5" noValidate>
          <LinkField
            field="googleReviewLink"
            label="Google Place ID or review link"
            placeholder="ChIJN1t_tDeuEmsRUsoyG83frY4"
            inputMode="text"
            value={input.googleReviewLink}
            error={errors.googleReviewLink}
            inputRef={googleInput}
            onChange={(value) => edit('googleReviewLink', value)}
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
                and copy its Place ID (it starts with ChIJ), or paste the review link from your Google
                Business Profile (&lsquo;Ask for reviews&rsquo;). Leave blank if you have neither yet.
              </>
            }
            footer={
              googleUrl &&
              !errors.googleReviewLink && (
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
            field="trustpilotReviewLink"
            label="Trustpilot review link"
            placeholder="https://uk.trustpilot.com/evaluate/yourclinic.co.uk"
            type="url"
            inputMode="url"
            value={input.trustpilotReviewLink}
            error={errors.trustpilotReviewLink}
            inputRef={trustpilotInput}
            onChange={(value) => edit('trustpilotReviewLink', value)}
            hint={
              <>
                Your Trustpilot &lsquo;write a review&rsquo; page. Leave blank to show &lsquo;
                {TRUSTPILOT_SOON_TEXT}&rsquo; instead.
              </>
            }
          />
          {formError && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={reset} disabled={!dirty || saving}>
              Reset
            </Button>
            <Button type="submit" disabled={saving || !dirty}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function LinkField({
  field,
  label,
  placeholder,
  type = 'text',
  inputMode,
  value,
  error,
  inputRef,
  onChange,
  hint,
  footer,
}: {
  field: Field;
  label: string;
  placeholder: string;
  type?: 'text' | 'url';
  inputMode: 'text' | 'url';
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
  hint: ReactNode;
  footer?: ReactNode;
}) {
  const inputId = `${field}-input`;
  const hintId = `${field}-hint`;
  const errorId = `${field}-error`;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        ref={inputRef}
        id={inputId}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          className="flex items-start gap-1.5 text-sm font-medium text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
      <p id={hintId} className="text-sm text-pretty text-muted-foreground">
        {hint}
      </p>
      {footer}
    </div>
  );
}
