/**
 * A reporting period: one calendar month in UK time. Payment reports, team bonuses and their labels all use
 * this one type, so a month is never a different shape in two places.
 */
import { currentUkMonth } from '@/lib/uk-time';

export interface Period {
  year: number;
  /** 1 (January) to 12 (December). */
  month: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The first year the reports offer (2024 and 2025, then every year up to the current one). */
export const REPORT_FIRST_YEAR = 2024;

/** 'January 2026'. */
export function periodLabel({ year, month }: Period): string {
  return `${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/** The month it is now in the UK. */
export function currentPeriod(now = new Date()): Period {
  return currentUkMonth(now);
}

/** The years a period selector offers: 2024, 2025 and every year up to the current one. */
export function reportYears(now = new Date()): number[] {
  const last = Math.max(currentUkMonth(now).year, REPORT_FIRST_YEAR + 1);
  return Array.from({ length: last - REPORT_FIRST_YEAR + 1 }, (_, i) => REPORT_FIRST_YEAR + i);
}

/** Whether two periods are the same month. */
export function samePeriod(a: Period, b: Period): boolean {
  return a.year === b.year && a.month === b.month;
}
