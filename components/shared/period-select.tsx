'use client';

import { Label } from '@/components/ui/label';
import { MONTH_NAMES, type Period } from '@/lib/period';
import { cn } from '@/lib/utils';

/** A native <select> styled as the app's inputs (native: the phone's own picker, and the keyboard's). */
export const nativeSelectClass = cn(
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none md:text-sm dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

/**
 * The month and year of a report (payments, team bonuses, the review funnel): two labelled selects, side by
 * side on a phone. `idPrefix` makes their ids ({prefix}-month, {prefix}-year).
 */
export function PeriodSelect({
  idPrefix,
  period,
  years,
  onChange,
}: {
  idPrefix: string;
  period: Period;
  years: readonly number[];
  onChange: (period: Period) => void;
}) {
  return (
    <>
      <div className="grid w-[calc(50%-0.375rem)] grid-cols-1 gap-2 sm:w-44">
        <Label htmlFor={`${idPrefix}-month`}>Month</Label>
        <select
          id={`${idPrefix}-month`}
          className={nativeSelectClass}
          value={period.month}
          onChange={(e) => onChange({ ...period, month: Number(e.target.value) })}
        >
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid w-[calc(50%-0.375rem)] grid-cols-1 gap-2 sm:w-32">
        <Label htmlFor={`${idPrefix}-year`}>Year</Label>
        <select
          id={`${idPrefix}-year`}
          className={nativeSelectClass}
          value={period.year}
          onChange={(e) => onChange({ ...period, year: Number(e.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
