'use client';

import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { OFFER_LIMITS, type OfferCardFormInput } from '@/lib/validation/settings';

/**
 * The Offer card's treatments (issue 29): the rows 'How can we help you?' lists, in their order, each one moved
 * up or down or removed by its own buttons, and one added at the end; the list's own problem (how many, each
 * once) under it. useFieldArray keeps each row's identity as they move.
 */
export function TreatmentList({ form }: { form: UseFormReturn<OfferCardFormInput> }) {
  const treatments = useFieldArray({ control: form.control, name: 'treatments' });
  return (
    <fieldset className="grid gap-2" aria-describedby="treatments-hint">
      <legend className="text-sm font-medium">Treatments on the form</legend>
      <p id="treatments-hint" className="text-sm text-muted-foreground">
        &ldquo;How can we help you?&rdquo; lists these, in this order (1 to {OFFER_LIMITS.treatmentsMax}).
        Leads already received keep the treatment they chose.
      </p>
      <ol className="grid gap-2">
        {treatments.fields.map((row, index) => (
          <li key={row.id}>
            <FormField
              control={form.control}
              name={`treatments.${index}.label`}
              render={({ field }) => (
                <FormItem id={`treatment-${index}-input`}>
                  <FormLabel className="sr-only">Treatment {index + 1}</FormLabel>
                  <div className="flex items-center gap-1.5">
                    <FormControl>
                      <Input {...field} maxLength={OFFER_LIMITS.treatment + 20} autoComplete="off" />
                    </FormControl>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      title="Move up"
                      aria-label={`Move "${field.value || `treatment ${index + 1}`}" up`}
                      disabled={index === 0}
                      onClick={() => treatments.move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      title="Move down"
                      aria-label={`Move "${field.value || `treatment ${index + 1}`}" down`}
                      disabled={index === treatments.fields.length - 1}
                      onClick={() => treatments.move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      title="Remove"
                      aria-label={`Remove "${field.value || `treatment ${index + 1}`}"`}
                      disabled={treatments.fields.length === 1}
                      onClick={() => treatments.remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <FormMessage role="alert" />
                </FormItem>
              )}
            />
          </li>
        ))}
      </ol>
      {/* The list's own problem (how many, each once): the schema's, on the rows' root. */}
      {(form.formState.errors.treatments?.root?.message ?? form.formState.errors.treatments?.message) && (
        <p role="alert" className="text-sm text-destructive">
          {form.formState.errors.treatments?.root?.message ?? form.formState.errors.treatments?.message}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={treatments.fields.length >= OFFER_LIMITS.treatmentsMax}
          onClick={() => treatments.append({ label: '' }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" />
          Add a treatment
        </Button>
      </div>
    </fieldset>
  );
}
