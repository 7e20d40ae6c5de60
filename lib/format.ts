/**
 * How values are written for people, in one place: en-GB dates, waits, phone numbers, sort codes as typed, review
 * links, and the figures of Insights (months, shares, counts, axis ticks). Amounts themselves: lib/money.ts.
 */
import { formatPounds } from '@/lib/money';
import { formatPhoneInput } from '@/lib/validation/phone';

/** 22 Nov 2026, the UK's date (the same on the server and in a browser elsewhere). */
export function formatDate(value: Date | string): string {
  return new Date(value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

/** 22/11/2026, 14:05 */
export function formatDateTime(value: Date | string): string {
  return new Date(value).toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

/** How long something has waited, for a list of leads: 'under a minute', '12 min', '3 h', '2 days'. */
export function waitedFor(since: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * A stored phone number as people in the UK write it (issue 29, point 11): '+447700900123' is '07700 900123',
 * a London number '020 7946 0018', most landlines '01632 960123' or '0113 496 0000'. A number from another
 * country (whose groups differ by country) and anything unexpected are shown as they were stored.
 */
export function formatPhone(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, '');
  const uk = /^(?:\+44|0044)0?(\d{9,10})$/.exec(compact) ?? /^0(\d{9,10})$/.exec(compact);
  if (uk) {
    const national = `0${uk[1]}`;
    if (national.length !== 11) return national;
    const group = (...sizes: number[]) => {
      let at = 0;
      return sizes.map((size) => national.slice(at, (at += size))).join(' ');
    };
    if (/^02/.test(national)) return group(3, 4, 4);
    if (/^01\d1/.test(national) || /^011/.test(national) || /^0[389]/.test(national)) return group(4, 3, 4);
    return group(5, 6);
  }
  return phone;
}

/** The tel: address of a phone number, which phones and mail apps dial with one tap: 'tel:+447700900123'. */
export function telHref(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, '');
  const uk = /^0(\d{9,10})$/.exec(compact);
  return `tel:${uk ? `+44${uk[1]}` : compact}`;
}

/** Sort code as typed (spec section 5): digits only, hyphenated as XX-XX-XX, at most 8 characters. */
export function formatSortCodeInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 6);
  return digits.match(/.{1,2}/g)?.join('-') ?? '';
}

/** A stored number for reading: +44 7123 456789 for British mobiles, the stored form otherwise. */
export function formatPhoneForDisplay(phone: string): string {
  const gb = /^\+44(\d{10})$/.exec(phone);
  if (gb) return `+44 ${formatPhoneInput(gb[1]!, 'GB')}`;
  const nanp = /^\+1(\d{10})$/.exec(phone);
  if (nanp) return `+1 ${formatPhoneInput(nanp[1]!, 'US')}`;
  return phone;
}

/** The Google link for a setting that is a Place ID or already a full link. */
export function googleReviewUrl(setting: string | null): string | null {
  const value = setting?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(value)}`;
}

// Insights: months, shares, counts, waits and axis ticks.

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

const compactNumber = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const compactPounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
/** An axis tick: 12,500 → '12.5k'; £1,850,000 → '£1.9m' (the table view has the exact figures). */
export const formatTick = (n: number) => compactNumber.format(n);
export const formatPoundsTick = (n: number) => compactPounds.format(n);
