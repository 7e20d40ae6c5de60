'use client';

import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from '@/components/shared/text-field';

/** The fields a client is registered and edited with. */
export type ClientFieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'affiliateCompany';

const FIELDS: Record<ClientFieldName, { label: string; type: string; optional?: boolean }> = {
  firstName: { label: 'First name', type: 'text' },
  lastName: { label: 'Last name', type: 'text' },
  email: { label: 'Email', type: 'email' },
  phone: { label: 'Phone (optional)', type: 'tel', optional: true },
  affiliateCompany: { label: 'Affiliate company (optional)', type: 'text', optional: true },
};

interface ClientFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Which fields, in order. */
  names: readonly Extract<FieldPath<T>, ClientFieldName>[];
  /** Each field's item is `${idPrefix}-${name}` (e2e tests and focus find them by it). */
  idPrefix: string;
  /** The form's one message for its empty fields, said in the form's alert rather than under each field. */
  saidByForm: string;
  /** The form-level alert that also describes a field, when it does. */
  describedBy: (name: ClientFieldName) => string | undefined;
  /** Typing in any field clears the form's own message (a refusal's). */
  onEdit: () => void;
  phoneDescription?: string;
}

/**
 * A client's name, email, phone (and affiliate company) as Add a New Client and Edit Client show them: two
 * columns, no autocomplete, every field but the optional ones required.
 */
export function ClientFields<T extends FieldValues>({
  control,
  names,
  idPrefix,
  saidByForm,
  describedBy,
  onEdit,
  phoneDescription,
}: ClientFieldsProps<T>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {names.map((name) => {
        const { label, type, optional = false } = FIELDS[name];
        return (
          <TextField
            key={name}
            control={control}
            name={name}
            id={`${idPrefix}-${name}`}
            label={label}
            type={type}
            autoComplete="off"
            inputMode={name === 'phone' ? 'tel' : undefined}
            required={!optional}
            description={name === 'phone' ? phoneDescription : undefined}
            describedBy={describedBy(name)}
            saidByForm={saidByForm}
            onInput={onEdit}
          />
        );
      })}
    </div>
  );
}
