/**
 * What the Team Reviews page says: names, counts and labels, a funnel step's share, the badge of a review's
 * status, and the toasts after each action. No React, no fetch.
 */
import type { ReviewPlatform, TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { formatPounds } from '@/lib/money';
import { periodLabel, type Period } from '@/lib/period';

export { periodLabel, type Period };

export const PLATFORM_LABELS: Record<ReviewPlatform, string> = {
  google: 'Google',
  trustpilot: 'Trustpilot',
};

export function memberName(member: Pick<TeamMemberDto, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** '1 review', '3 reviews' (and the same for scans, visitors...). */
export function countLabel(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

/** '42%': the share of visits that reached a step of the funnel ('' when there were no visits). */
export function shareOf(part: number, whole: number): string {
  if (whole === 0) return '';
  return `${Math.round((part / whole) * 100)}%`;
}

/** How the spec's status reads as a badge: due bonuses stand out, paid ones are green. */
export function statusTone(
  review: Pick<TeamReviewDto, 'verifiedDate' | 'isPaid'>,
): 'pending' | 'due' | 'paid' {
  if (!review.verifiedDate) return 'pending';
  return review.isPaid ? 'paid' : 'due';
}

/**
 * Labels for the members in a select: their name, with their code added when two members share a name, so
 * that every option can be told apart.
 */
export function memberOptionLabels(
  members: readonly Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName' | 'qrCode'>[],
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const m of members) {
    const key = memberName(m).toLocaleLowerCase('en-GB');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map(
    members.map((m) => {
      const name = memberName(m);
      const shared = (counts.get(name.toLocaleLowerCase('en-GB')) ?? 0) > 1;
      return [m.id, shared ? `${name} (${m.qrCode})` : name];
    }),
  );
}

/** What the page's toasts say after each action. */
export const teamText = {
  memberArchived: (m: Pick<TeamMemberDto, 'firstName' | 'lastName'>) =>
    `${memberName(m)} was archived. Their reviews and bonuses stay in every month.`,
  memberRestored: (m: Pick<TeamMemberDto, 'firstName' | 'lastName'>) =>
    `${memberName(m)} is back on the team: their QR code counts visits again.`,
  verified: (r: TeamReviewDto) =>
    `Review by ${r.reviewerName} verified: ${formatPounds(r.bonusAmount)} bonus for ${r.memberName}.`,
  paid: (r: TeamReviewDto) =>
    `${formatPounds(r.bonusAmount)} bonus for ${r.memberName} marked paid. Undo is available for 30 seconds.`,
  undone: (r: TeamReviewDto) => `Payment undone: the bonus for ${r.memberName} is due again.`,
  nothingOutstanding: (name: string, period: Period) =>
    `Nothing was outstanding for ${name} in ${periodLabel(period)}.`,
  paidAll: (name: string, total: number, count: number) =>
    `${formatPounds(total)} paid to ${name} for ${countLabel(count, 'review')}. Undo is available for 30 seconds.`,
  bulkUndone: (name: string, total: number) =>
    `Bulk payment undone: ${formatPounds(total)} is due to ${name} again.`,
};
