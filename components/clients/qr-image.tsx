import { QrPng } from '@/components/qr/qr-png';
import { qrImageUrl } from './qr-download';

/** The client's referral QR code at 200 px. */
export function QrImage({ cardNumber, name }: { cardNumber: string; name: string }) {
  return <QrPng src={qrImageUrl(cardNumber, 200)} alt={`Referral QR code of ${name}`} name={name} />;
}
