'use client';

import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';

/**
 * One of the page's adding forms in its card (Add Team Member, Add Verified Review): the heading names the
 * region (`{id}-heading`); the fields sit in two columns, the form's alert and its button under them.
 */
export function FormCard<T extends FieldValues, O>({
  id,
  title,
  description,
  form,
  onSubmit,
  fields,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  form: UseFormReturn<T, unknown, O>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  fields: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-heading`}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form method="post" onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{fields}</div>
            {children}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Calls `onEdit` whenever a person changes one of the form's fields (a refusal's message then goes). */
export function useOnEdit<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'watch'>, onEdit: () => void) {
  useEffect(() => {
    const subscription = form.watch((_, { type }) => {
      if (type === 'change') onEdit();
    });
    return () => subscription.unsubscribe();
  }, [form, onEdit]);
}
