'use client';

import { useEffect } from 'react';
import type { z } from 'zod';
import { FormDialog } from '@/components/shared/form-dialog';
import { TextField } from '@/components/shared/text-field';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as team from '@/lib/contract/team';
import type { TeamMemberDto } from '@/lib/dto/team';
import { memberName } from './team-text';

/** Both names, as a new member's are checked (team.createMember's body); sent to team.updateMember. */
const namesSchema = team.createMember.body;
type Output = z.output<typeof namesSchema>;

const FIELDS = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
] as const;
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
  const form = useSchemaForm(namesSchema, {
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
      showServerError(form, e);
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
          <TextField
            key={name}
            control={form.control}
            name={name}
            label={label}
            id={`rename-member-${name}`}
            autoComplete="off"
            required
          />
        ))}
      </div>
    </FormDialog>
  );
}
