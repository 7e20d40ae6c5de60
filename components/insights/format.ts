/** How the Insights page writes its figures: en-GB months, shares, waits and amounts. */
import { formatPounds } from '@/lib/money';

const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-GB');

function monthDate(key: string): Date {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1));
}

/** '2026-11' → 'Nov 2026' (axes, tables). */
export const formatMonth = (key: string) => monthShort.format(monthDate(key));
/** '2026-11' → 'November 2026' (sentences). */
export const formatMonthLong = (key: string) => monthLong.format(monthDate(key));

/** 0.4567 → '46%'; no share when there was nothing to share → '–'. */
export const formatShare = (share: number | null) => (share === null ? '–' : percent.format(share));

export const formatCount = (n: number) => count.format(n);

/** An amount, or '–' where there is none (cost per new patient in a month without one). */
export const formatAmount = (pounds: number | null) => (pounds === null ? '–' : formatPounds(pounds));

/** A wait in hours as a person would say it: '45 minutes', '7.5 hours', '3 days'. */
export function formatWait(hours: number | null): string {
  if (hours === null) return '–';
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  if (hours < 48) {
    const rounded = Math.round(hours * 10) / 10;
    return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.round((hours / 24) * 10) / 10;
  return `${days} days`;
}

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const compactPounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
/** An axis tick: 12,500 → '12.5k'; £1,850,000 → '£1.9m' (the table view has the exact figures). */
export const formatTick = (n: number) => compact.format(n);
export const formatPoundsTick = (n: number) => compactPounds.format(n);
