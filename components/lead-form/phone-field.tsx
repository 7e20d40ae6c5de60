'use client';

import type { ChangeEvent, FocusEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ChevronDown } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { FormControl, FormFieldScope, FormItem, FormLabel } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import type { LeadFormValues } from '@/lib/validation/leads';
import { COUNTRY_CODES, countryByIso } from '@/lib/validation/phone';
import { PHONE_PLACEHOLDER } from '@/lib/copy';
import { LeadMessage } from './lead-field';
import type { LeadFormOutput } from './lead-form-logic';
import {
  applyPhoneEdit,
  formatNationalNumber,
  splitInternationalNumber,
  type CountryIso,
} from './phone-input';

export const PHONE_ID = 'lead-phone';
export const COUNTRY_ID = 'lead-country';

interface PhoneFieldProps {
  form: UseFormReturn<LeadFormValues, unknown, LeadFormOutput>;
  /** Whether the form was submitted once: from then on, mistakes are re-checked as they are fixed. */
  submitted: boolean;
}

/**
 * Phone number with its country code (spec section 5, 'Phone entry'): a native select of the spec's codes
 * (GB +44 first), shown compactly as 'GB +44' while phones and screen readers get the full country names,
 * and a box that keeps digits only and spaces them as they are typed. A whole international number pasted or
 * autofilled in ('+44 7123 456789') picks its country.
 */
export function PhoneField({ form, submitted }: PhoneFieldProps) {
  const { register, getValues, setValue, trigger } = form;
  const country = useWatch({ control: form.control, name: 'country' });
  const current = countryByIso(country);

  const revalidate = () => {
    // Before the first submit, mistakes wait for Submit (spec: validated on submit, then as fields are fixed).
    if (submitted) void trigger('phone');
  };

  const countryField = register('country', {
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const iso = event.target.value as CountryIso;
      setValue('phone', formatNationalNumber(getValues('phone'), iso), { shouldDirty: true });
      revalidate();
    },
  });
  const phoneField = register('phone', {
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      // '0044 7123 456789' typed out in full: the 00 international prefix names the country.
      const split = splitInternationalNumber(event.target.value, getValues('country'));
      if (split) {
        setValue('country', split.iso, { shouldDirty: true });
        setValue('phone', split.national, { shouldDirty: true });
        revalidate();
      }
    },
  });

  function onPhoneChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const previous = getValues('phone');
    const inputType = (event.nativeEvent as InputEvent).inputType;
    // A paste or an autofill arrives whole, and may carry its own country code.
    const wholeNumber = inputType === 'insertFromPaste' || input.value.length - previous.length > 1;
    const split = wholeNumber ? splitInternationalNumber(input.value, getValues('country')) : null;
    if (split) {
      setValue('country', split.iso, { shouldDirty: true });
      input.value = split.national;
    } else {
      const edit = applyPhoneEdit({
        previous,
        raw: input.value,
        caret: input.selectionStart,
        iso: getValues('country'),
        inputType,
      });
      input.value = edit.value;
      if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
    }
    return phoneField.onChange(event);
  }

  return (
    <FormFieldScope name="phone">
      <FormItem id={PHONE_ID}>
        <FormLabel className="text-[0.9375rem] font-semibold">Phone number</FormLabel>
        <div className="flex gap-2">
          <div
            className={cn(
              'relative flex h-12 shrink-0 items-center gap-1.5 rounded-xl border border-input/80 bg-white pr-2.5 pl-3.5 text-base font-medium transition-[color,box-shadow] dark:bg-input/30',
              'has-[select:focus-visible]:border-ring has-[select:focus-visible]:ring-[3px] has-[select:focus-visible]:ring-ring/50',
            )}
          >
            {/* What the eye sees; the select on top is what the finger, the keyboard and the screen reader use. */}
            <span aria-hidden="true" className="tabular-nums">
              <span className="text-muted-foreground">{current.iso}</span> {current.dial}
            </span>
            <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
            <select
              id={COUNTRY_ID}
              aria-label="Country code"
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl text-base opacity-0"
              {...countryField}
            >
              {COUNTRY_CODES.map((c) => (
                <option key={c.iso} value={c.iso}>
                  {c.name} ({c.dial})
                </option>
              ))}
            </select>
          </div>
          <FormControl>
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={PHONE_PLACEHOLDER}
              required
              className="h-12 min-w-0 flex-1 rounded-xl border-input/80 bg-white px-4 text-base tracking-wide tabular-nums shadow-none md:text-base dark:bg-input/30"
              {...phoneField}
              onChange={onPhoneChange}
            />
          </FormControl>
        </div>
        <LeadMessage />
      </FormItem>
    </FormFieldScope>
  );
}
