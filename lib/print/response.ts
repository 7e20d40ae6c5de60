import 'server-only';
import type { PrintFile } from '@/lib/services/print';

/** The header naming the address a printed QR code holds, so the page can warn before a dead code is printed. */
export const QR_ADDRESS_HEADER = 'X-QR-Address';

/**
 * A PDF to save (Content-Disposition: attachment, with an ASCII file name every browser keeps). `private`
 * caching is left to the route wrapper's rule: the file holds the clinic's public details and a public link only,
 * but it changes with the settings, so it is never stored.
 */
export function pdfResponse(file: PrintFile): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.pdf.length),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      [QR_ADDRESS_HEADER]: file.qrAddress,
    },
  });
}
