import type { LeadFormValues } from '@/lib/validation/lead-form';
import { COUNTRY_CODES } from '@/lib/validation/phone';

/**
 * What the visitor has typed, kept for this browser tab only (sessionStorage: gone when the tab closes), so
 * that a look at the offer page, a reload or a step back does not empty the form. Cleared once the details
 * are sent.
 */

export const DRAFT_KEY = 'leadForm.draft';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
const MAX_TEXT = 300;

/** A stored draft, checked field by field (it is the browser's storage: anything may be there). */
export function parseDraft(text: string | null): LeadFormValues | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const str = (key: string) => {
    const value = record[key];
    return typeof value === 'string' ? value.slice(0, MAX_TEXT) : '';
  };
  const country = COUNTRY_CODES.find((c) => c.iso === record.country)?.iso ?? COUNTRY_CODES[0]!.iso;
  // One of the clinic's treatments as its label (issue 29): the select shows it only while the clinic lists it.
  const treatment = str('treatmentInterest').trim();
  const draft: LeadFormValues = {
    firstName: str('firstName'),
    lastName: str('lastName'),
    email: str('email'),
    country,
    phone: str('phone').replace(/[^\d ]/g, ''),
    treatmentInterest: treatment ?? '',
    // Consent is never restored: the box is unticked until the visitor ticks it again.
    marketingConsent: false,
  };
  return isEmptyDraft(draft) ? null : draft;
}

/** Nothing typed or chosen (the country alone does not count). */
export function isEmptyDraft(values: Partial<LeadFormValues>): boolean {
  return TEXT_FIELDS.every((key) => !values[key]?.trim()) && !values.treatmentInterest;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // Storage blocked (some private modes, strict cookie settings).
  }
}

export function loadDraft(): LeadFormValues | null {
  try {
    return parseDraft(storage()?.getItem(DRAFT_KEY) ?? null);
  } catch {
    return null;
  }
}

export function saveDraft(values: Partial<LeadFormValues>): void {
  try {
    const store = storage();
    if (!store) return;
    if (isEmptyDraft(values)) store.removeItem(DRAFT_KEY);
    else store.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Full or blocked storage: the draft is a convenience only.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // As above.
  }
}
