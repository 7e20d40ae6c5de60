/** A team member's QR code: the addresses of its image and printable PDFs, and the downloaded file's name. */
import { fileUrl } from '@/lib/contract/client';
import * as team from '@/lib/contract/team';

/** The member's QR code (a PNG of their review page's address): 200 px shown, 300 px downloaded. */
export function memberQrUrl(memberId: string, size: 200 | 300, caption = false): string {
  return fileUrl(team.memberQr, {
    params: { id: memberId },
    query: { size: String(size) as '200' | '300', ...(caption ? { caption: '1' as const } : {}) },
  });
}

/** The printable PDFs of a member's code (issue 29, point 13): the A6 counter card and the A4 poster. */
export type PrintFormat = 'a6' | 'a4';
export function memberPrintUrl(memberId: string, format: PrintFormat): string {
  return fileUrl(team.memberPrint, { params: { id: memberId }, query: { format } });
}

/**
 * QR-Code-{First-Last}.png (spec section 7: the name with hyphens): 'Mary Ann' 'Smith' gives
 * QR-Code-Mary-Ann-Smith.png. Characters no file system allows are dropped.
 */
export function memberQrFileName(firstName: string, lastName: string): string {
  const name = `${firstName} ${lastName}`
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `QR-Code-${name || 'Team-Member'}.png`;
}
