/**
 * Issue 34: how a proposal from the practice's records is put into words on the Started treatment page and the
 * dashboard's prompt. Pure, so the words are unit-tested (texts.test.ts).
 */
import type { PracticeMatchDto } from '@/lib/dto/practice-matches';
import { formatDate } from '@/lib/format';
import type { PracticeRecordKind } from '@/lib/validation/practice-records';
import { formatPounds } from '@/lib/money';

const KIND_WORDS: Record<PracticeRecordKind, string> = {
  first_visit: 'First visit',
  treatment_started: 'Completed appointment',
  payment: 'Payment',
};

/** A practice record's day (YYYY-MM-DD, the UK's day) in en-GB: 3 Nov 2026. Read at midday, so no clock moves it. */
export function formatEventDate(eventDate: string): string {
  return formatDate(`${eventDate}T12:00:00Z`);
}

/** 'Completed appointment on 3 Nov 2026' */
export function eventLine(kind: PracticeRecordKind, eventDate: string): string {
  return `${KIND_WORDS[kind]} on ${formatEventDate(eventDate)}`;
}

export function confidenceLabel(confidence: PracticeMatchDto['confidence']): string {
  return confidence === 'high' ? 'High confidence' : 'Low confidence';
}

/** Where the record came from: the practice system's own name for itself when it is one we know. */
export function sourceLabel(source: string): string {
  const known: Record<string, string> = {
    dentally: 'Dentally',
    upload: 'Uploaded export',
    api: 'Integration API',
  };
  return known[source.toLowerCase()] ?? source;
}

/** What a status message says once a proposal is decided (the row has left the list). */
export function decidedText(
  friendName: string,
  decision: 'confirmed' | 'rejected',
  rewardAmount: number | null = null,
): string {
  if (decision === 'rejected') return 'Noted: not this person.';
  return rewardAmount === null
    ? `Story Started for ${friendName}: Payment Due.`
    : `Story Started for ${friendName}: Payment Due ${formatPounds(rewardAmount)}.`;
}

/** The dashboard's prompt: 'Started treatment? 3 to confirm'; null when there is nothing to confirm. */
export function promptText(count: number): string | null {
  if (count <= 0) return null;
  return `Started treatment? ${count.toLocaleString('en-GB')} to confirm`;
}

/** 'Confirm all high-confidence (4)' */
export function confirmHighLabel(count: number): string {
  return `Confirm all high-confidence (${count.toLocaleString('en-GB')})`;
}

/** What the page says after Confirm all high-confidence. */
export function confirmedHighText(confirmed: number): string {
  if (confirmed === 0) return 'Nothing was confirmed: no high-confidence proposal was still open.';
  return confirmed === 1
    ? 'Story Started for 1 referral: Payment Due.'
    : `Story Started for ${confirmed.toLocaleString('en-GB')} referrals: Payment Due.`;
}
