/** The Team Reviews API (docs/api-team.md) as the page calls it. Every call throws an ApiError on failure. */
import { apiFetch } from '@/lib/client/api';
import { downloadImage } from '@/lib/client/download';
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

/** Saves the member's 300 px QR code as QR-Code-{First-Last}.png. Throws on failure. */
export function downloadMemberQr(
  member: Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName'>,
): Promise<void> {
  return downloadImage(memberQrUrl(member.id, 300), memberQrFileName(member.firstName, member.lastName));
}
