import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export type AddClientFieldName = 'firstName' | 'lastName' | 'email' | 'affiliateCompany';

interface AddClientFieldProps {
  name: AddClientFieldName;
  label: string;
  type?: string;
  autoComplete: string;
  required: boolean;
  invalid: boolean;
  /** A message for this field alone. */
  error?: string;
  /** The form-level alert that also concerns this field. */
  formErrorId?: string;
  registration: UseFormRegisterReturn<AddClientFieldName>;
}

export function AddClientField({
  name,
  label,
  type = 'text',
  autoComplete,
  required,
  invalid,
  error,
  formErrorId,
  registration,
}: AddClientFieldProps) {
  const id = `add-client-${name}`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, formErrorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
