'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormDialog } from '@/components/shared/form-dialog';
import { Input } from '@/components/ui/input';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { errorMessage } from '@/lib/client/api';
import { setServerErrors } from '@/lib/client/form-errors';
import type { TeamMemberDto } from '@/lib/dto/team';
import { createTeamMemberSchema } from '@/lib/validation/team';
import { memberName } from './team-helpers';

type FormInput = z.input<typeof createTeamMemberSchema>;
type Output = z.output<typeof createTeamMemberSchema>;

const FIELDS: { name: keyof FormInput; label: string }[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
];

interface RenameMemberDialogProps {
  member: TeamMemberDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRename: (member: TeamMemberDto, names: Output) => Promise<TeamMemberDto | undefined>;
}

/**
 * 'Edit name' (full admins): corrects a member's name everywhere it is shown, past months included. The bonus
 * audit log keeps the name each payment was made under.
 */
export function RenameMemberDialog({ member, open, onOpenChange, onRename }: RenameMemberDialogProps) {
  const form = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(createTeamMemberSchema),
    defaultValues: { firstName: member.firstName, lastName: member.lastName },
  });

  // Opened for another member (or again): start from their name as it is now.
  useEffect(() => {
    if (open) form.reset({ firstName: member.firstName, lastName: member.lastName });
  }, [open, member, form]);

  async function onSubmit(values: Output) {
    try {
      await onRename(member, values);
      onOpenChange(false);
    } catch (e) {
      if (!setServerErrors(form, e)) form.setError('root', { message: errorMessage(e) });
    }
  }

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit the name of ${memberName(member)}`}
      description="The new name shows in the lists and every month's bonuses; the audit log keeps the name of each payment."
      errorId="rename-member-error"
      submitLabel="Save Name"
      busyLabel="Saving..."
      onSubmit={onSubmit}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label }) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem id={`rename-member-${name}`}>
                <FormLabel>{label}</FormLabel>
                <FormControl>
                  <Input {...field} autoComplete="off" required />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
      </div>
    </FormDialog>
  );
}
