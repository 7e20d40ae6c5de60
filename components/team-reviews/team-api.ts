/** The Team Reviews API (docs/api-team.md) as the page calls it. Every call throws an ApiError on failure. */
import { apiFetch } from '@/lib/client/api';
import type {
  PendingScanDto,
  ReviewPlatform,
  TeamBonusMonthDto,
  TeamBonusResultDto,
  TeamMemberDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { memberQrFileName, memberQrUrl, type Period } from './team-helpers';

const id = encodeURIComponent;

export const fetchMembers = (signal?: AbortSignal) =>
  apiFetch<TeamMemberDto[]>('/api/team-members', { signal });

export const fetchStats = (signal?: AbortSignal) => apiFetch<TeamStatsDto>('/api/team-stats', { signal });

export const fetchPendingScans = (signal?: AbortSignal) =>
  apiFetch<PendingScanDto[]>('/api/team-scans', { signal });

export const fetchBonusMonth = ({ year, month }: Period, signal?: AbortSignal) =>
  apiFetch<TeamBonusMonthDto>(`/api/team-reviews?year=${year}&month=${month}`, { signal });

export const createMember = (body: { firstName: string; lastName: string }) =>
  apiFetch<TeamMemberDto>('/api/team-members', { method: 'POST', body });

export const deleteMember = (memberId: string) =>
  apiFetch<void>(`/api/team-members/${id(memberId)}`, { method: 'DELETE' });

export const approveScan = (scanId: string, reviewerName: string) =>
  apiFetch<TeamReviewDto>(`/api/team-scans/${id(scanId)}/approve`, {
    method: 'POST',
    body: { reviewerName },
  });

export const rejectScan = (scanId: string) =>
  apiFetch<void>(`/api/team-scans/${id(scanId)}/reject`, { method: 'POST' });

export const createReview = (body: {
  teamMemberId: string;
  reviewerName: string;
  reviewDate: string;
  platform: ReviewPlatform;
}) => apiFetch<TeamReviewDto>('/api/team-reviews', { method: 'POST', body });

export const markBonusPaid = (reviewId: string) =>
  apiFetch<TeamReviewDto>(`/api/team-reviews/${id(reviewId)}/payment`, { method: 'POST' });

export const undoBonusPaid = (reviewId: string) =>
  apiFetch<TeamReviewDto>(`/api/team-reviews/${id(reviewId)}/payment`, { method: 'DELETE' });

export const payAllBonuses = (body: { teamMemberId: string } & Period) =>
  apiFetch<TeamBonusResultDto>('/api/team-reviews/pay-all', { method: 'POST', body });

export const undoBulkBonuses = (reviewIds: string[]) =>
  apiFetch<TeamBonusResultDto>('/api/team-reviews/undo-bulk', { method: 'POST', body: { reviewIds } });

/** Fetches the 300 px PNG and saves it as QR-Code-{First-Last}.png (an object URL and an <a download>). */
export async function downloadMemberQr(member: Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName'>) {
  const res = await fetch(memberQrUrl(member.id, 300), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error(`Unexpected QR code type: ${blob.type}`);

  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = memberQrFileName(member.firstName, member.lastName);
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
