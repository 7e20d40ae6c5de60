'use client';

import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';

/**
 * A yes-or-no field of a settings form: the box, then its label, with a description under the label when it
 * has one. `id` names the field's item, for a page that links to it.
 */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
  className,
  checkboxClassName,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  description?: ReactNode;
  className: string;
  checkboxClassName?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id} className={className}>
          <FormControl>
            <Checkbox
              ref={field.ref}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              className={checkboxClassName}
            />
          </FormControl>
          {description ? (
            <div className="grid gap-1">
              <FormLabel>{label}</FormLabel>
              <FormDescription>{description}</FormDescription>
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
        </FormItem>
      )}
    />
  );
}
