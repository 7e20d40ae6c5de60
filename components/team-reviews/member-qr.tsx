import { QrPng } from '@/components/qr/qr-png';
import { memberQrUrl } from './team-helpers';

/** The member's review QR code at 200 px. */
export function MemberQr({ memberId, name }: { memberId: string; name: string }) {
  return <QrPng src={memberQrUrl(memberId, 200)} alt={`Review QR code of ${name}`} name={name} />;
}
