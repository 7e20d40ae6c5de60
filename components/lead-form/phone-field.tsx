'use client';

import { useRef, type ChangeEvent, type FocusEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { COUNTRY_CODES, countryByIso } from '@/lib/validation/phone';
import { PHONE_PLACEHOLDER } from '@/lib/copy';
import { LeadField, leadControlProps } from './lead-field';
import {
  applyPhoneEdit,
  formatNationalNumber,
  splitInternationalNumber,
  type CountryIso,
} from './phone-input';

export const PHONE_ID = 'lead-phone';
export const COUNTRY_ID = 'lead-country';

interface PhoneFieldProps {
  /** The chosen country, which the compact 'GB +44' shows (the form keeps it, as a restored draft may set it). */
  country: CountryIso;
  onCountryChange: (iso: CountryIso) => void;
  /** The number as typed last time (a refused submission's), for a page rendered on the server. */
  defaultPhone: string;
  error?: string;
}

/**
 * Phone number with its country code (spec section 5, 'Phone entry'): a native select of the spec's codes
 * (GB +44 first), shown compactly as 'GB +44' while phones and screen readers get the full country names,
 * and a box that keeps digits only and spaces them as they are typed. A whole international number pasted or
 * autofilled in ('+44 7123 456789') picks its country. Both are plain form fields (`country`, `phone`), so
 * the form posts them with or without JavaScript.
 */
export function PhoneField({ country, onCountryChange, defaultPhone, error }: PhoneFieldProps) {
  const current = countryByIso(country);
  const selectRef = useRef<HTMLSelectElement>(null);
  /** The box's value after the last edit, to tell a typed character from a paste and to keep the caret. */
  const lastValue = useRef(defaultPhone);

  function chooseCountry(iso: CountryIso) {
    const box = selectRef.current?.form?.elements.namedItem('phone') as HTMLInputElement | null;
    if (box) {
      box.value = formatNationalNumber(box.value, iso);
      lastValue.current = box.value;
    }
    onCountryChange(iso);
  }

  function onPhoneChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const previous = lastValue.current;
    const inputType = (event.nativeEvent as InputEvent).inputType;
    // A paste or an autofill arrives whole, and may carry its own country code.
    const wholeNumber = inputType === 'insertFromPaste' || input.value.length - previous.length > 1;
    const split = wholeNumber ? splitInternationalNumber(input.value, country) : null;
    if (split) {
      input.value = split.national;
      if (selectRef.current) selectRef.current.value = split.iso;
      onCountryChange(split.iso);
    } else {
      const edit = applyPhoneEdit({
        previous,
        raw: input.value,
        caret: input.selectionStart,
        iso: country,
        inputType,
      });
      input.value = edit.value;
      if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
    }
    lastValue.current = input.value;
  }

  function onPhoneBlur(event: FocusEvent<HTMLInputElement>) {
    // '0044 7123 456789' typed out in full: the 00 international prefix names the country.
    const split = splitInternationalNumber(event.target.value, country);
    if (split) {
      event.target.value = split.national;
      lastValue.current = split.national;
      if (selectRef.current) selectRef.current.value = split.iso;
      onCountryChange(split.iso);
    }
  }

  return (
    <LeadField id={PHONE_ID} label="Phone number" error={error}>
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
            ref={selectRef}
            id={COUNTRY_ID}
            name="country"
            aria-label="Country code"
            defaultValue={country}
            onChange={(event) => chooseCountry(event.target.value as CountryIso)}
            className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl text-base opacity-0"
          >
            {COUNTRY_CODES.map((c) => (
              <option key={c.iso} value={c.iso}>
                {c.name} ({c.dial})
              </option>
            ))}
          </select>
        </div>
        <Input
          {...leadControlProps(PHONE_ID, error)}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={PHONE_PLACEHOLDER}
          required
          defaultValue={defaultPhone}
          onChange={onPhoneChange}
          onBlur={onPhoneBlur}
          className="h-12 min-w-0 flex-1 rounded-xl border-input/80 bg-white px-4 text-base tracking-wide tabular-nums shadow-none md:text-base dark:bg-input/30"
        />
      </div>
    </LeadField>
  );
}
