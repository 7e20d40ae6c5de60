'use client';

import type { ComponentProps, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type InputProps = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'id' | 'children'
>;

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
  inputClassName,
  footer,
  describedBy,
  saidByForm,
  around = (control) => control,
  ...input
}: InputProps & {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  id?: string;
  /** Another control than a text input, given the field's props. */
  children?: (field: Omit<ControllerRenderProps<T, FieldPath<T>>, 'value'> & { value: string }) => ReactNode;
  /** The message above the description (a long hint would push it out of sight). */
  messageFirst?: boolean;
  /** The message's own props: `role="alert"` where a refusal must be announced at once. */
  messageProps?: ComponentProps<typeof FormMessage>;
  descriptionClassName?: string;
  /** The input's own classes (`className` is the item's): a short number needs a short box. */
  inputClassName?: string;
  /** Shown under the field's description and message, inside its item. */
  footer?: ReactNode;
  /** Ids of messages outside the field that also describe it (a form-level alert): FormItem's describedBy. */
  describedBy?: string;
  /** A message the form says once in its own alert ('Please fill in all fields'): not repeated under the field. */
  saidByForm?: string;
  /** Lays the control out with something beside it (a swatch of the colour typed), under the label. */
  around?: (control: ReactNode) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const props = { ...field, value: (field.value as string | undefined) ?? '' };
        const message = saidByForm === undefined || fieldState.error?.message !== saidByForm;
        return (
          <FormItem id={id} className={className} describedBy={describedBy}>
            <FormLabel>{label}</FormLabel>
            {around(
              <FormControl>{children ? children(props) : <Input {...props} {...input} className={inputClassName} />}</FormControl>,
            )}
            {message && messageFirst && <FormMessage {...messageProps} />}
            {description && <FormDescription className={descriptionClassName}>{description}</FormDescription>}
            {message && !messageFirst && <FormMessage {...messageProps} />}
            {footer}
          </FormItem>
        );
      }}
    />
  );
}
