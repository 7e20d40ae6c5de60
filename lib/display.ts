/** How values are shown and typed on screen: sort codes and phone numbers as people read them, review links. */
import { formatPhoneInput } from '@/lib/validation/phone';

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
