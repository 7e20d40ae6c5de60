/**
 * The words and figures of Clients → Import (issue 33), pure so that they are tested on their own: the fields
 * a column can fill, the progress and the time left, what each state of an import says, and whether it can
 * still be undone.
 */
import type { ClientImportDto, ImportStatus } from '@/lib/dto/imports';
import type { ImportField } from '@/lib/validation/imports';

/** The client fields a column can fill, in the order the mapping shows them, with what each takes. */
export const IMPORT_FIELD_ROWS: readonly { field: ImportField; label: string; hint: string }[] = [
  { field: 'firstName', label: 'First name', hint: 'Forename or given name.' },
  { field: 'lastName', label: 'Last name', hint: 'Surname or family name.' },
  {
    field: 'fullName',
    label: 'Full name',
    hint: 'Instead of the two above: one column with the whole name ("Siân Jones" or "Jones, Siân"), split for you.',
  },
  { field: 'email', label: 'Email', hint: 'Needed: a row without an email is not imported.' },
  { field: 'phone', label: 'Phone', hint: 'Mobile or telephone.' },
  { field: 'affiliateCompany', label: 'Affiliate company', hint: 'Optional.' },
  {
    field: 'marketingConsent',
    label: 'Marketing consent',
    hint: 'Yes or no (also true/false, 1/0, Y/N): only those with yes may be sent their card, unless you rely on the soft opt-in.',
  },
  { field: 'externalId', label: 'Practice patient ID', hint: 'The patient’s ID in your practice system.' },
];

/** The label of a field ('Practice patient ID'). */
export function fieldLabel(field: ImportField): string {
  return IMPORT_FIELD_ROWS.find((row) => row.field === field)?.label ?? field;
}

/** 12,400 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}

/** '1 client', '2,000 clients' */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** What an estimate of the seconds left reads as: 'less than a minute left', 'about 2 min left', 'about 1 h 5 min left'. */
export function timeLeftText(secondsLeft: number | null | undefined): string | null {
  if (secondsLeft === null || secondsLeft === undefined || !Number.isFinite(secondsLeft)) return null;
  if (secondsLeft < 60) return 'less than a minute left';
  const minutes = Math.ceil(secondsLeft / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}

type Progress = NonNullable<ClientImportDto['progress']>;

/** Whole per cent done, 0 to 100 (100 only once every row is done). */
export function progressPercent(progress: Pick<Progress, 'done' | 'total'> | null): number {
  if (!progress || progress.total <= 0) return 0;
  const share = Math.floor((progress.done / progress.total) * 100);
  return Math.min(100, Math.max(0, share));
}

/** '12,400 of 50,000 rows · about 2 min left' */
export function progressText(progress: Progress | null): string {
  if (!progress) return 'Starting…';
  const rows = `${formatCount(progress.done)} of ${countOf(progress.total, 'row')}`;
  const left = progress.done < progress.total ? timeLeftText(progress.secondsLeft) : null;
  return left ? `${rows} · ${left}` : rows;
}

/** The slim banner on every staff page: 'Importing clients: 40% (20,000 of 50,000)'. */
export function bannerText(progress: Progress | null): string {
  if (!progress) return 'Importing clients: starting';
  return `Importing clients: ${progressPercent(progress)}% (${formatCount(progress.done)} of ${formatCount(progress.total)})`;
}

/**
 * What a screen reader hears of a running import: only at each tenth of the way (not every second's poll),
 * so a person working on another page is told now and then, not interrupted.
 */
export function bannerAnnouncement(progress: Progress | null): string {
  const tenth = Math.floor(progressPercent(progress) / 10) * 10;
  return `Importing clients: ${tenth}% done`;
}

export const STATUS_LABELS: Record<ImportStatus, string> = {
  preview: 'Not run yet',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  undone: 'Undone',
};

/** How many rows starting it would write: the new clients, and the existing ones when their names are updated. */
export function rowsToWrite(imp: Pick<ClientImportDto, 'counts'>, updateExisting: boolean): number {
  return imp.counts.toAdd + (updateExisting ? imp.counts.existing : 0);
}

/** The run button's words: 'Import 1,200 clients', or 'Update the names of 30 clients' when none is new. */
export function startLabel(imp: Pick<ClientImportDto, 'counts'>, updateExisting: boolean): string {
  if (imp.counts.toAdd === 0 && updateExisting && imp.counts.existing > 0)
    return `Update the names of ${countOf(imp.counts.existing, 'client')}`;
  return `Import ${countOf(imp.counts.toAdd, 'client')}`;
}

/** Why the run button cannot be pressed, or null when it can. */
export function startBlockedReason(
  imp: Pick<ClientImportDto, 'counts'>,
  updateExisting: boolean,
): string | null {
  if (rowsToWrite(imp, updateExisting) > 0) return null;
  const { rows, existing, errors } = imp.counts;
  if (rows === 0) return 'The file has no rows under its header: there is nothing to import.';
  if (existing > 0 && errors === 0)
    return 'Every client in this file is already registered. Choose “Update their names” to bring their names up to date, or upload another file.';
  return 'No row adds a new client. Check the columns above, or correct the errors in the file and upload it again.';
}

/** Whether a full admin may still undo it (within 7 days of the run, once, and only if it wrote clients). */
export function canUndo(
  imp: Pick<ClientImportDto, 'status' | 'counts' | 'undo'>,
  now: Date = new Date(),
): boolean {
  if (imp.status !== 'done' && imp.status !== 'cancelled') return false;
  if (imp.undo.doneAt || !imp.undo.until) return false;
  if (imp.counts.added === 0) return false;
  return now.getTime() < new Date(imp.undo.until).getTime();
}

/** What an undo did: 'Removed 1,180 clients. Kept 20 who already have referrals (money records are never rewritten).' */
export function undoResultText(undo: ClientImportDto['undo']): string {
  const removed = undo.removed ?? 0;
  const kept = undo.kept ?? 0;
  const first = `Removed ${countOf(removed, 'client')} this import added.`;
  if (kept === 0) return first;
  return `${first} Kept ${formatCount(kept)} who already ${kept === 1 ? 'has referrals or was referred' : 'have referrals or were referred'}: referrals and rewards are never rewritten.`;
}

/** How long the card emails take at the hourly rate: 'within the hour', 'over about 3 hours'. */
export function sendingTimeText(count: number, perHour: number): string {
  if (perHour <= 0 || count <= perHour) return 'within the hour';
  const hours = Math.ceil(count / perHour);
  return `over about ${hours} hours`;
}

/** The history's line of figures: '1,200 rows · 1,150 added · 30 already clients · 20 with errors'. */
export function historyFigures(imp: Pick<ClientImportDto, 'status' | 'counts' | 'undo'>): string {
  const { rows, toAdd, existing, duplicates, errors, added } = imp.counts;
  const parts = [countOf(rows, 'row')];
  if (imp.status === 'preview') parts.push(`${formatCount(toAdd)} to add`);
  else parts.push(`${formatCount(added)} added`);
  if (existing > 0) parts.push(`${formatCount(existing)} already ${existing === 1 ? 'a client' : 'clients'}`);
  if (duplicates > 0) parts.push(`${formatCount(duplicates)} repeated`);
  if (errors > 0) parts.push(`${formatCount(errors)} with errors`);
  if (imp.status === 'undone' && imp.undo.removed !== null)
    parts.push(`${formatCount(imp.undo.removed)} removed by undo`);
  return parts.join(' · ');
}

/** A file is refused before it is sent when the server would refuse it for its size. */
export function fileTooLargeText(size: number, maxBytes: number): string | null {
  if (size <= maxBytes) return null;
  const mb = (n: number) => (n / (1024 * 1024)).toLocaleString('en-GB', { maximumFractionDigits: 1 });
  return `This file is ${mb(size)} MB; the most is ${mb(maxBytes)} MB. Split it into smaller files, or export only the columns you need, and upload each.`;
}
