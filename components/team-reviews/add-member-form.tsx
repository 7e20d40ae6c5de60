'use client';

import { useCallback } from 'react';
import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/shared/error-alert';
import { TextField } from '@/components/shared/text-field';
import { Button } from '@/components/ui/button';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as team from '@/lib/contract/team';
import type { TeamMemberDto } from '@/lib/dto/team';
import { NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import { FormCard, useOnEdit } from './form-card';
import { memberName } from './team-text';

type FormInput = z.input<typeof team.createMember.body>;
type Output = z.output<typeof team.createMember.body>;

const FIELDS: { name: keyof FormInput; label: string }[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
];
const FORM_ERROR_ID = 'add-member-error';

/** 'Add team member' (spec section 5): first and last names, non-blank after trimming. */
export function AddMemberForm({
  onAdd,
}: {
  onAdd: (values: { firstName: string; lastName: string }) => Promise<TeamMemberDto | undefined>;
}) {
  const form = useSchemaForm(team.createMember.body, { defaultValues: { firstName: '', lastName: '' } });

  const { errors, isSubmitting } = form.formState;
  // The spec's 'First name and last name are required' is one message for the form; others sit by their field.
  const missing = FIELDS.some(({ name }) => errors[name]?.message === NAMES_REQUIRED_TEXT);
  const formError = missing ? NAMES_REQUIRED_TEXT : errors.root?.message;
  // The form's own message goes as soon as a name is changed.
  useOnEdit(
    form,
    useCallback(() => form.clearErrors('root'), [form]),
  );

  async function onSubmit(values: Output) {
    try {
      const member = await onAdd(values);
      if (!member) return; // the same change is running already
      form.reset();
      // Ready for the next member (reset() drops the form's field refs, so focus the element itself).
      document.getElementById('add-member-firstName')?.focus();
      toast.success(`${memberName(member)} was added with the code ${member.qrCode}.`);
    } catch (e) {
      showServerError(form, e);
    }
  }

  return (
    <FormCard
      id="add-member"
      title="Add Team Member"
      description="Each team member gets a code and a QR code that opens their own review page."
      form={form}
      onSubmit={form.handleSubmit(onSubmit)}
      fields={FIELDS.map(({ name, label }) => (
        <TextField
          key={name}
          control={form.control}
          name={name}
          id={`add-member-${name}`}
          label={label}
          autoComplete="off"
          required
          describedBy={errors[name] && formError ? FORM_ERROR_ID : undefined}
          saidByForm={NAMES_REQUIRED_TEXT}
        />
      ))}
    >
      {formError && <ErrorAlert id={FORM_ERROR_ID} message={formError} />}

      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        <UserPlus aria-hidden="true" />
        {isSubmitting ? 'Adding Team Member...' : 'Add Team Member'}
      </Button>
    </FormCard>
  );
}
