/**
 * A staff form on an endpoint's schema (issue 30): the browser checks what the server will check, with the same
 * zod schema (usually the endpoint's `body`, or the part of it the form edits), and a refusal's field messages
 * land on the fields they name. Forms are written once this way rather than checking fields by hand.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/client/api';
import { setServerErrors } from '@/lib/client/form-errors';

/** A form whose values the schema checks on submit; `handleSubmit` hands over the parsed values. */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: zodResolver(schema as never) as unknown as UseFormProps<
      z.input<S>,
      unknown,
      z.output<S>
    >['resolver'],
  });
}

/**
 * Shows a refused submit: a 400's field messages on their fields (the first focused), anything else as the
 * form's own message (`errors.root`), for the form's alert.
 */
export function showServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
): void {
  if (!setServerErrors(form, error)) form.setError('root', { message: errorMessage(error) });
}
