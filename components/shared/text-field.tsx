'use client';

import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'id'>;

/**
 * One labelled field of a staff form (components/ui/form.tsx): its label, the input (or `children`, given the
 * field), a description the input is described by, and its message. The form's `control` checks it with the
 * endpoint's schema (lib/contract/form.ts). `id` names the field's item, for a page that links to it.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  id,
  className,
  children,
  messageFirst = false,
  messageProps,
  descriptionClassName,
  footer,
  ...input
}: InputProps & {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  id?: string;
  /** Another control than a text input, given the field's props. */
  children?: (field: ComponentProps<typeof Input>) => ReactNode;
  /** The message above the description (a long hint would push it out of sight). */
  messageFirst?: boolean;
  /** The message's own props: `role="alert"` where a refusal must be announced at once. */
  messageProps?: ComponentProps<typeof FormMessage>;
  descriptionClassName?: string;
  /** Shown under the field's description and message, inside its item. */
  footer?: ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const props = { ...field, value: (field.value as string | undefined) ?? '' };
        return (
          <FormItem id={id} className={className}>
            <FormLabel>{label}</FormLabel>
            <FormControl>{children ? children(props) : <Input {...props} {...input} />}</FormControl>
            {messageFirst && <FormMessage {...messageProps} />}
            {description && <FormDescription className={descriptionClassName}>{description}</FormDescription>}
            {!messageFirst && <FormMessage {...messageProps} />}
            {footer}
          </FormItem>
        );
      }}
    />
  );
}
