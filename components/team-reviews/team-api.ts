/** The Team Reviews API (docs/api-team.md) as the page calls it. Every call throws an ApiError on failure. */
import { apiFetch } from '@/lib/client/api';
import { downloadImage } from '@/lib/client/download';
import type {
  PendingScanDto,
  TeamBonusAuditPageDto,
  TeamBonusMonthDto,
  TeamBonusResultDto,
  TeamMemberDto,
  TeamOutstandingDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { memberQrFileName, memberQrUrl, type Period } from './team-helpers';

const id = encodeURIComponent;

export const fetchMembers = (signal?: AbortSignal) =>
  apiFetch<TeamMemberDto[]>('/api/team-members', { signal });

/** Members who left (full admins). */
export const fetchArchivedMembers = (signal?: AbortSignal) =>
  apiFetch<TeamMemberDto[]>('/api/team-members?archived=true', { signal });

/** Scan totals, the leaderboard and the tracking funnel of `period`. */
export const fetchStats = ({ year, month }: Period, signal?: AbortSignal) =>
  apiFetch<TeamStatsDto>(`/api/team-stats?year=${year}&month=${month}`, { signal });

export const fetchOutstanding = (signal?: AbortSignal) =>
  apiFetch<TeamOutstandingDto>('/api/team-reviews/outstanding', { signal });

export const fetchAuditPage = (cursor: string | undefined, signal?: AbortSignal) =>
  apiFetch<TeamBonusAuditPageDto>(
    `/api/team-reviews/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    { signal },
  );

/** The month's bonus sheet for payroll, and the whole bonus audit log, as CSV files. */
export const payrollCsvUrl = ({ year, month }: Period) =>
  `/api/team-reviews/payroll.csv?year=${year}&month=${month}`;
export const TEAM_AUDIT_CSV_URL = '/api/team-reviews/audit.csv';

export const fetchPendingScans = (signal?: AbortSignal) =>
  apiFetch<PendingScanDto[]>('/api/team-scans', { signal });

export const fetchBonusMonth = ({ year, month }: Period, signal?: AbortSignal) =>
  apiFetch<TeamBonusMonthDto>(`/api/team-reviews?year=${year}&month=${month}`, { signal });

export const createMember = (body: { firstName: string; lastName: string }) =>
  apiFetch<TeamMemberDto>('/api/team-members', { method: 'POST', body });

/** Archive a member who left (their records stay). */
export const archiveMember = (memberId: string) =>
  apiFetch<void>(`/api/team-members/${id(memberId)}`, { method: 'DELETE' });

/** Correct the name, archive (archived: true) or restore (archived: false) a member. */
export const updateMember = (
  memberId: string,
  body: { firstName?: string; lastName?: string; archived?: boolean },
) => apiFetch<TeamMemberDto>(`/api/team-members/${id(memberId)}`, { method: 'PATCH', body });

/** What verifies a review: its link and the reviewer's name (and a second review by them, confirmed). */
export interface ReviewEvidence {
  reviewUrl: string;
  reviewerName: string;
  confirmSameReviewer?: boolean;
}

export const approveScan = (scanId: string, body: ReviewEvidence) =>
  apiFetch<TeamReviewDto>(`/api/team-scans/${id(scanId)}/approve`, { method: 'POST', body });

export const rejectScan = (scanId: string) =>
  apiFetch<void>(`/api/team-scans/${id(scanId)}/reject`, { method: 'POST' });

export const rejectScans = (ids: string[]) =>
  apiFetch<{ rejected: number; alreadyResolved: number }>('/api/team-scans/reject', {
    method: 'POST',
    body: { ids },
  });

export const createReview = (body: ReviewEvidence & { teamMemberId: string; reviewDate: string }) =>
  apiFetch<TeamReviewDto>('/api/team-reviews', { method: 'POST', body });

export const markBonusPaid = (reviewId: string) =>
  apiFetch<TeamReviewDto>(`/api/team-reviews/${id(reviewId)}/payment`, { method: 'POST' });

export const undoBonusPaid = (reviewId: string) =>
  apiFetch<TeamReviewDto>(`/api/team-reviews/${id(reviewId)}/payment`, { method: 'DELETE' });

export const payAllBonuses = (body: { teamMemberId: string } & Period) =>
  apiFetch<TeamBonusResultDto>('/api/team-reviews/pay-all', { method: 'POST', body });

export const undoBulkBonuses = (reviewIds: string[]) =>
  apiFetch<TeamBonusResultDto>('/api/team-reviews/undo-bulk', { method: 'POST', body: { reviewIds } });

/** Saves the member's 300 px QR code, its address written under it, as QR-Code-{First-Last}.png. Throws on failure. */
export function downloadMemberQr(
  member: Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName'>,
): Promise<void> {
  return downloadImage(
    memberQrUrl(member.id, 300, true),
    memberQrFileName(member.firstName, member.lastName),
  );
}
