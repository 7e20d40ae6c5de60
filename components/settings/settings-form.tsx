'use client';

import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';

interface SettingsFormProps<T extends FieldValues> {
  title: string;
  description: ReactNode;
  /** The card's form: its default values are what is saved now; its root error is the card's alert. */
  form: UseFormReturn<T>;
  /** Whether what is typed differs from what is saved. */
  dirty: boolean;
  /** Whether Save may be pressed (something valid to save). */
  canSave: boolean;
  onSave: (values: T) => Promise<void>;
  /** The fields (FormField), and anything shown with them. */
  children: ReactNode;
  className?: string;
}

/**
 * A settings card: one form whose values are saved together, an 'Unsaved changes' badge while they differ
 * from what is saved, the failure of the last save, Reset (back to what is saved) and Save.
 */
export function SettingsForm<T extends FieldValues>({
  title,
  description,
  form,
  dirty,
  canSave,
  onSave,
  children,
  className = 'grid gap-4',
}: SettingsFormProps<T>) {
  const saving = form.formState.isSubmitting;
  const error = form.formState.errors.root?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {dirty && (
          <CardAction>
            <Badge variant="warning">Unsaved changes</Badge>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSave)} noValidate className={className}>
            {children}
            {error && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => form.reset()}
                disabled={!dirty || saving}
              >
                Reset
              </Button>
              <Button type="submit" disabled={saving || !canSave}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
