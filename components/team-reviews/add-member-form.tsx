'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/client/api';
import type { TeamMemberDto } from '@/lib/dto/team';
import { NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import { createTeamMemberSchema } from '@/lib/validation/team';
import { memberName } from './team-helpers';

type FormInput = z.input<typeof createTeamMemberSchema>;
type Output = z.output<typeof createTeamMemberSchema>;
type FieldName = keyof FormInput;

const FIELDS: { name: FieldName; label: string }[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
];
const FORM_ERROR_ID = 'add-member-error';

/** 'Add team member' (spec section 5): first and last names, non-blank after trimming. */
export function AddMemberForm({
  onAdd,
}: {
  onAdd: (values: { firstName: string; lastName: string }) => Promise<TeamMemberDto>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(createTeamMemberSchema),
    defaultValues: { firstName: '', lastName: '' },
  });

  // The spec's 'First name and last name are required' is one message for the form; others sit by their field.
  const missing = FIELDS.some(({ name }) => errors[name]?.message === NAMES_REQUIRED_TEXT);
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message === NAMES_REQUIRED_TEXT ? undefined : message;
  };
  const formError = missing ? NAMES_REQUIRED_TEXT : serverError;

  async function onSubmit(values: Output) {
    setServerError(null);
    try {
      const member = await onAdd(values);
      reset();
      // Ready for the next member (reset() drops the form's field refs, so focus the element itself).
      document.getElementById('add-member-firstName')?.focus();
      toast.success(`${memberName(member)} was added with the code ${member.qrCode}.`);
    } catch (e) {
      let mapped = false;
      if (e instanceof ApiError && e.fieldErrors) {
        for (const { name } of FIELDS) {
          const message = e.fieldErrors[name]?.[0];
          if (message) {
            setError(name, { type: 'server', message }, { shouldFocus: !mapped });
            mapped = true;
          }
        }
      }
      if (!mapped) setServerError(errorMessage(e));
    }
  }

  return (
    <Card role="region" aria-labelledby="add-member-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="add-member-heading">Add Team Member</h2>
        </CardTitle>
        <CardDescription>
          Each team member gets a code and a QR code that opens their own review page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {FIELDS.map(({ name, label }) => {
              const id = `add-member-${name}`;
              const error = fieldError(name);
              const describedBy =
                [error && `${id}-error`, errors[name] && formError && FORM_ERROR_ID]
                  .filter(Boolean)
                  .join(' ') || undefined;
              return (
                <div key={name} className="grid grid-cols-1 content-start gap-2">
                  <Label htmlFor={id}>{label}</Label>
                  <Input
                    id={id}
                    autoComplete="off"
                    required
                    aria-invalid={Boolean(errors[name]) || undefined}
                    aria-describedby={describedBy}
                    {...register(name, { onChange: () => setServerError(null) })}
                  />
                  {error && (
                    <p id={`${id}-error`} className="text-sm text-destructive">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </div>

          {formError && <ErrorAlert id={FORM_ERROR_ID} message={formError} />}

          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
            <UserPlus aria-hidden="true" />
            {isSubmitting ? 'Adding Team Member...' : 'Add Team Member'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
