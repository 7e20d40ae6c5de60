/** Team Reviews' changes through the contract (lib/contract/team.ts). Every call throws an ApiError on failure. */
import { downloadImage } from '@/lib/client/download';
import { call, fileUrl } from '@/lib/contract/client';
import * as team from '@/lib/contract/team';
import type { TeamMemberDto } from '@/lib/dto/team';
import { memberQrFileName, memberQrUrl, type Period } from './team-helpers';

/** The month's bonus sheet for payroll, and the whole bonus audit log, as CSV files. */
export const payrollCsvUrl = ({ year, month }: Period) =>
  fileUrl(team.payrollCsv, { query: { year: String(year), month: String(month) } });
export const TEAM_AUDIT_CSV_URL = fileUrl(team.auditCsv);

export const createMember = (body: { firstName: string; lastName: string }) =>
  call(team.createMember, { body });

/** Archive a member who left (their records stay). */
export const archiveMember = (memberId: string) => call(team.archiveMember, { params: { id: memberId } });

/** Correct the name, archive (archived: true) or restore (archived: false) a member. */
export const updateMember = (
  memberId: string,
  body: { firstName?: string; lastName?: string; archived?: boolean },
) => call(team.updateMember, { params: { id: memberId }, body });

/** What verifies a review: its link and the reviewer's name (and a second review by them, confirmed). */
export interface ReviewEvidence {
  reviewUrl: string;
  reviewerName: string;
  confirmSameReviewer?: boolean;
}

export const approveScan = (scanId: string, body: ReviewEvidence) =>
  call(team.approveScan, { params: { id: scanId }, body });

export const rejectScan = (scanId: string) => call(team.rejectScan, { params: { id: scanId } });

export const rejectScans = (ids: string[]) => call(team.rejectScans, { body: { ids } });

export const createReview = (body: ReviewEvidence & { teamMemberId: string; reviewDate: string }) =>
  call(team.createReview, { body });

export const markBonusPaid = (reviewId: string) => call(team.payBonus, { params: { id: reviewId } });

export const undoBonusPaid = (reviewId: string) => call(team.undoBonus, { params: { id: reviewId } });

export const payAllBonuses = (body: { teamMemberId: string } & Period) => call(team.payAll, { body });

export const undoBulkBonuses = (reviewIds: string[]) => call(team.undoBulk, { body: { reviewIds } });

/** Saves the member's 300 px QR code, its address written under it, as QR-Code-{First-Last}.png. Throws on failure. */
export function downloadMemberQr(
  member: Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName'>,
): Promise<void> {
  return downloadImage(
    memberQrUrl(member.id, 300, true),
    memberQrFileName(member.firstName, member.lastName),
  );
}
