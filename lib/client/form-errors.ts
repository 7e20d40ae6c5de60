import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts a 400's field errors on the fields they name (`{ fieldErrors: { email: ['…'] } }`), focusing the
 * first. Answers whether any field took a message, so the caller shows a form-level alert only otherwise.
 */
export function setServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const known = new Set(Object.keys(form.getValues()));
  let first = true;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message || !known.has(name)) continue;
    form.setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
