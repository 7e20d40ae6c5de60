'use client';

import { useWatch, type Control } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { DEFAULT_BRAND_COLOUR, normaliseHex } from '@/lib/colour';
import type { ClinicProfileFormInput } from '@/lib/validation/settings';

/**
 * The clinic profile's brand colour: a hex code, with a swatch beside it of the colour as typed (the built-in
 * teal until it reads as one).
 */
export function BrandColourField({ control }: { control: Control<ClinicProfileFormInput> }) {
  const colour = normaliseHex(useWatch({ control, name: 'brandColour' })) ?? DEFAULT_BRAND_COLOUR;
  return (
    <FormField
      control={control}
      name="brandColour"
      render={({ field }) => (
        <FormItem id="brandColour-input">
          <FormLabel>Brand colour</FormLabel>
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="size-11 shrink-0 rounded-md ring-1 ring-black/10"
              style={{ background: colour }}
            />
            <FormControl>
              <Input {...field} placeholder={DEFAULT_BRAND_COLOUR} autoComplete="off" spellCheck={false} />
            </FormControl>
          </div>
          <FormMessage role="alert" />
          <FormDescription>
            A hex code for buttons and the card. White text must be readable on it; leave blank for the
            built-in teal.
          </FormDescription>
        </FormItem>
      )}
    />
  );
}
