'use client';

import { CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { TextField } from '@/components/shared/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { isInviteAnswer } from '@/lib/dto/invites';
import { formatDate } from '@/lib/format';
import { addStaffFormSchema, type AddStaffFormInput } from '@/lib/validation/staff';
import { CheckboxField } from './checkbox-field';
import { useAddStaff, useInviteStaff } from './mutations';

type Mode = AddStaffFormInput['mode'];

const MODES: { value: Mode; label: string; hint: string }[] = [
  {
    value: 'invite',
    label: 'Send an invitation',
    hint: 'They get a link to choose their own password (it works for 7 days). Nobody else ever sees it.',
  },
  {
    value: 'password',
    label: 'Set a password now',
    hint: 'You choose a temporary password and pass it on to them yourself.',
  },
];

/**
 * Which fields show follows the checked choice in CSS (`:has(:checked)`), so the form is right even before
 * the page's script runs: an invitation asks for the email and the full-admin box only. (Written out whole:
 * Tailwind finds class names in the source text.)
 */
const BY_MODE =
  '[&:has(#new-staff-mode-password:checked)_.invite-only]:hidden ' +
  '[&:not(:has(#new-staff-mode-password:checked))_.password-only]:hidden';

/**
 * A new member of staff (full admins), issue 31: by default they are emailed an invitation and choose their own
 * password, so the admin never types or sees it; or the account is made at once with a password the admin
 * passes on. The form checks with the schema the body is built from (lib/validation/staff.ts).
 */
export function AddStaffForm() {
  const add = useAddStaff();
  const invite = useInviteStaff();
  const form = useSchemaForm(addStaffFormSchema, {
    defaultValues: { mode: 'invite', email: '', password: '', isFullAdmin: false },
  });
  const error = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async ({ mode, email, password, isFullAdmin }) => {
    const blank = { mode, email: '', password: '', isFullAdmin: false };
    try {
      if (mode === 'invite') {
        const sent = await invite.mutateAsync({ body: { email, isFullAdmin, invite: true } });
        form.reset(blank);
        const until = isInviteAnswer(sent) ? ` The link works until ${formatDate(sent.expiresAt)}.` : '';
        toast.success(`Invitation sent to ${sent.email}.${until}`);
      } else {
        const account = await add.mutateAsync({ body: { email, password, isFullAdmin } });
        form.reset(blank);
        toast.success(`Staff account added for ${account.email}`);
      }
    } catch (e) {
      showServerError(form, e);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className={`grid gap-4 ${BY_MODE}`}>
        <h3 className="text-sm font-semibold">Add a staff account</h3>
        <TextField
          control={form.control}
          name="email"
          id="new-staff-email"
          label="Email"
          type="email"
          autoComplete="off"
          required
        />
        <FormField
          control={form.control}
          name="mode"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">How they get their password</legend>
              {MODES.map(({ value, label, hint }) => (
                <div
                  key={value}
                  className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    id={`new-staff-mode-${value}`}
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => {
                      field.onChange(value);
                      form.clearErrors();
                    }}
                    onBlur={field.onBlur}
                    aria-describedby={`new-staff-mode-${value}-hint`}
                    className="mt-0.5 size-4 shrink-0 accent-primary pointer-coarse:size-5"
                  />
                  <div className="grid gap-0.5">
                    <label htmlFor={`new-staff-mode-${value}`} className="text-sm font-medium">
                      {label}
                    </label>
                    <p id={`new-staff-mode-${value}-hint`} className="text-xs text-muted-foreground">
                      {hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
          )}
        />
        <div className="password-only">
          <TextField
            control={form.control}
            name="password"
            id="new-staff-password"
            label="Temporary password"
            description="At least 8 characters. Ask them to change it in Settings after signing in."
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <CheckboxField
          control={form.control}
          name="isFullAdmin"
          id="new-staff-full-admin"
          label="Full admin"
          className="flex items-center gap-2"
        />
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" disabled={busy} className="justify-self-start">
          <span className="invite-only">{busy ? 'Sending...' : 'Send Invitation'}</span>
          <span className="password-only">{busy ? 'Adding...' : 'Add Staff Account'}</span>
        </Button>
      </form>
    </Form>
  );
}
