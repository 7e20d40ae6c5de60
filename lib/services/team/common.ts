/**
 * Team Reviews' shared pieces: the refusal texts, the time windows, and the date helpers the other files use.
 */
import 'server-only';

/** One collator for every comparison (localeCompare(…, 'en-GB') builds one per call). */
export const byName = new Intl.Collator('en-GB');
export const MEMBER_NOT_FOUND_TEXT = 'That team member does not exist.';
export const SCAN_NOT_FOUND_TEXT = 'That scan does not exist.';
export const REVIEW_NOT_FOUND_TEXT = 'That review does not exist.';
export const SCAN_RESOLVED_TEXT = 'This scan has already been verified or rejected.';
export const REVIEW_NOT_VERIFIED_TEXT = 'Only a verified review earns a bonus.';
export const BONUS_ALREADY_PAID_TEXT = "This review's bonus is already marked paid.";
export const BONUS_NOT_PAID_TEXT = "This review's bonus is not marked paid.";
export const MEMBER_ARCHIVED_TEXT = 'This team member is archived: restore them first.';
/** Pending scans older than this leave the Verify list by themselves (they stay in the statistics). */
export const PENDING_SCAN_DAYS = 30;
export const PLATFORM_NAMES = { google: 'Google', trustpilot: 'Trustpilot' } as const;
/** A visitor re-opening the same member's page within this time is the same visit, not a new scan. */
export const SCAN_REPEAT_WINDOW_MS = 30 * 60 * 1000;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A @db.Date column's value for a YYYY-MM-DD string (back: isoDate in lib/dto/team.ts). */
export const dateValue = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function monthDates(year: number, month: number): { gte: Date; lt: Date } {
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return {
    gte: dateValue(`${year}-${String(month).padStart(2, '0')}-01`),
    lt: dateValue(`${next.y}-${String(next.m).padStart(2, '0')}-01`),
  };
}
