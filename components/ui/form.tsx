'use client';

/**
 * shadcn's Form over React Hook Form: the one way this app builds a form. `FormField` binds a field of the
 * form, `FormItem` lays out label, control, description and message, and `FormControl` wires the control's
 * id, aria-invalid and aria-describedby to them. Give `FormItem` an `id` when something outside the form
 * needs to find the control (focus after a tab change, a test); otherwise one is made up.
 */
import * as React from 'react';
import { Label as LabelPrimitive, Slot as SlotPrimitive } from 'radix-ui';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

const Form = FormProvider;

type FormFieldContextValue<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
> = {
  name: TName;
};

const FormFieldContext = React.createContext<FormFieldContextValue>({} as FormFieldContextValue);

const FormField = <
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>({
  ...props
}: ControllerProps<TFieldValues, TName>) => {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
};

/**
 * Names the field for FormItem, FormControl and FormMessage when the control is registered with
 * `form.register` rather than a FormField (an uncontrolled input that edits its own value as it is typed).
 */
function FormFieldScope({ name, children }: { name: string; children: React.ReactNode }) {
  return <FormFieldContext.Provider value={{ name }}>{children}</FormFieldContext.Provider>;
}

type FormItemContextValue = {
  id: string;
  /** Ids of messages outside the field that also describe it (a form-level alert). */
  describedBy?: string;
  /** Whether a FormDescription is shown (so the control never points at an id that is not there). */
  hasDescription: boolean;
  setHasDescription: (shown: boolean) => void;
};

const FormItemContext = React.createContext<FormItemContextValue>({} as FormItemContextValue);

const useFormField = () => {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);

  if (!fieldContext.name) {
    throw new Error('useFormField should be used within <FormField>');
  }

  const { id, describedBy, hasDescription, setHasDescription } = itemContext;

  return {
    id,
    hasDescription,
    setHasDescription,
    name: fieldContext.name,
    formItemId: id,
    formDescriptionId: `${id}-description`,
    formMessageId: `${id}-error`,
    describedBy,
    ...fieldState,
  };
};

function FormItem({
  className,
  id: givenId,
  describedBy,
  ...props
}: React.ComponentProps<'div'> & { describedBy?: string }) {
  const madeId = React.useId();
  const id = givenId ?? madeId;
  const [hasDescription, setHasDescription] = React.useState(false);
  const value = React.useMemo(
    () => ({ id, describedBy, hasDescription, setHasDescription }),
    [id, describedBy, hasDescription],
  );

  return (
    <FormItemContext.Provider value={value}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

function FormLabel({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  const { formItemId } = useFormField();

  return <Label data-slot="form-label" className={cn(className)} htmlFor={formItemId} {...props} />;
}

function FormControl({ ...props }: React.ComponentProps<typeof SlotPrimitive.Slot>) {
  const { error, formItemId, formDescriptionId, formMessageId, describedBy, hasDescription } = useFormField();
  const ids = [hasDescription && formDescriptionId, error && formMessageId, describedBy]
    .filter(Boolean)
    .join(' ');

  return (
    <SlotPrimitive.Slot
      data-slot="form-control"
      id={formItemId}
      aria-describedby={ids || undefined}
      aria-invalid={!!error || undefined}
      {...props}
    />
  );
}

function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { formDescriptionId, setHasDescription } = useFormField();
  React.useEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);

  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

function FormMessage({ className, ...props }: React.ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error ? String(error?.message ?? '') : props.children;

  if (!body) {
    return null;
  }

  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={cn('text-sm text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  );
}

export {
  useFormField,
  Form,
  FormItem,
  FormLabel,
  FormControl,
  FormDescription,
  FormMessage,
  FormField,
  FormFieldScope,
};
