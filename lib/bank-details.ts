/**
 * Pure helpers for clients' bank details: the masked forms the payment audit keeps, the text of a change, and
 * the fields of the bank payment file. No database, no keys: safe for the browser and for unit tests.
 */
import { formatDateTime } from './format';

export interface BankDetails {
  sortCode: string;
  accountNumber: string;
  accountName: string | null;
}

/** 12-34-56 → **-**-56: the last two digits, as much as a sort code can show without naming the bank. */
export function maskSortCode(sortCode: string): string {
  return `**-**-${sortCode.replace(/\D/g, '').slice(-2)}`;
}

/** 12345678 → ****5678 */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.replace(/\D/g, '').slice(-4)}`;
}

/**
 * What an approval shows (issue 29, point 8): each number masked except its last four digits, 12-34-56 →
 * **-34-56 and 12345678 → ****5678, enough to check against what the client gave, never the whole account.
 */
export function lastFourSortCode(sortCode: string): string {
  const digits = sortCode.replace(/\D/g, '');
  return `**-${digits.slice(-4, -2)}-${digits.slice(-2)}`;
}

function masked(details: BankDetails | null): string {
  return details
    ? `sort code ${maskSortCode(details.sortCode)}, account ${maskAccountNumber(details.accountNumber)}`
    : 'none';
}

const sameName = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLocaleLowerCase('en-GB') === (b ?? '').trim().toLocaleLowerCase('en-GB');

export function sameBankDetails(a: BankDetails | null, b: BankDetails | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.sortCode.replace(/\D/g, '') === b.sortCode.replace(/\D/g, '') &&
    a.accountNumber === b.accountNumber &&
    sameName(a.accountName, b.accountName)
  );
}

/**
 * The audit entry's text for a change of bank details: what kind of change, the old and new numbers masked
 * (never the whole numbers), whether the account holder's name changed, and whether payments are now held.
 */
export function bankChangeDetails(
  before: BankDetails | null,
  after: BankDetails | null,
  outcome: 'held' | 'not held' | 'hold cleared',
): string {
  const kind = !before ? 'Set' : !after ? 'Removed' : 'Changed';
  const parts = [`${kind}: ${masked(before)} → ${masked(after)}`];
  if (before && after && !sameName(before.accountName, after.accountName)) {
    parts.push("account holder's name changed");
  } else if (!before && after && !after.accountName) {
    parts.push("no account holder's name");
  }
  if (outcome === 'held') parts.push('payments held until a full admin approves');
  if (outcome === 'hold cleared') parts.push('an earlier hold is cleared');
  return parts.join('; ');
}

/** The 409 text when a held client's reward is paid: who changed the details and when (UK time). */
export function heldPaymentText(clientName: string, changedBy: string, heldAt: Date | string): string {
  return (
    `Payments to ${clientName} are on hold: their bank details were changed by ${changedBy} on ` +
    `${formatDateTime(heldAt)} (UK time). A full admin must approve the new details before anything is paid.`
  );
}

/**
 * The 409 text when an approval names a change that a newer one has replaced (issue 28, point 1): nothing was
 * approved, and the admin is shown the newer details to check.
 */
export function changedAgainText(changedBy: string, heldAt: Date | string): string {
  return (
    `These bank details were changed again by ${changedBy} on ${formatDateTime(heldAt)} (UK time), after the ` +
    'change you were approving. Nothing was approved: check the newer details and approve them if they are right.'
  );
}

/** The short form the dashboard and the report show for a hold. */
export function heldBadgeText(changedBy: string, heldAt: Date | string): string {
  return `Bank details changed by ${changedBy} on ${formatDateTime(heldAt)}: payments held until a full admin approves`;
}

/** Bacs payee names and references: 18 characters of A–Z, 0–9, space, full stop, ampersand, slash and hyphen. */
export const BACS_FIELD_MAX = 18;

/**
 * A name or reference as Bacs carries it: upper case, only the characters Bacs allows (accents dropped, others
 * removed), no leading punctuation (which a spreadsheet could read as a formula), at most 18 characters.
 */
export function bacsText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .&/-]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[^A-Z0-9]+/, '')
    .slice(0, BACS_FIELD_MAX)
    .trim();
}

/** 12-34-56 → 123456: the bank file's sort code is 6 digits, the form every UK bank's template accepts. */
export function bankFileSortCode(sortCode: string): string {
  return sortCode.replace(/\D/g, '');
}
