'use client';

import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as team from '@/lib/contract/team';
import type { TeamMemberDto } from '@/lib/dto/team';
import { NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import { memberName } from './team-helpers';

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
        <Form {...form}>
          <form
            method="post"
            onSubmit={form.handleSubmit(onSubmit)}
            noValidate
            className="grid grid-cols-1 gap-4"
          >
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {FIELDS.map(({ name, label }) => (
                <FormField
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <FormItem
                      id={`add-member-${name}`}
                      describedBy={fieldState.error && formError ? FORM_ERROR_ID : undefined}
                    >
                      <FormLabel>{label}</FormLabel>
                      <FormControl>
                        <Input
                          {...field}
                          autoComplete="off"
                          required
                          onChange={(e) => {
                            field.onChange(e);
                            form.clearErrors('root');
                          }}
                        />
                      </FormControl>
                      {fieldState.error?.message !== NAMES_REQUIRED_TEXT && <FormMessage />}
                    </FormItem>
                  )}
                />
              ))}
            </div>

            {formError && <ErrorAlert id={FORM_ERROR_ID} message={formError} />}

            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
              <UserPlus aria-hidden="true" />
              {isSubmitting ? 'Adding Team Member...' : 'Add Team Member'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
