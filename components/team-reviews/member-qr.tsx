import { QrPng } from '@/components/qr/qr-png';
import { downloadImage } from '@/lib/client/download';
import type { TeamMemberDto } from '@/lib/dto/team';
import { memberQrFileName, memberQrUrl } from './member-links';

/** The member's review QR code at 200 px. */
export function MemberQr({ memberId, name }: { memberId: string; name: string }) {
  return <QrPng src={memberQrUrl(memberId, 200)} alt={`Review QR code of ${name}`} name={name} />;
}

/** Saves the member's 300 px QR code, its address written under it, as QR-Code-{First-Last}.png. Throws on failure. */
export function downloadMemberQr(
  member: Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName'>,
): Promise<void> {
  return downloadImage(
    memberQrUrl(member.id, 300, true),
    memberQrFileName(member.firstName, member.lastName),
  );
}
