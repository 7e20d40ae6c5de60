/** Printable PDFs from our API (issue 29, point 13), fetched so that the page can show progress and failures. */

export interface PrintFile {
  blob: Blob;
  fileName: string;
  /** The address the printed QR code holds (the X-QR-Address header), so a dead one is caught first. */
  qrAddress: string | null;
}

const NETWORK_TEXT = 'Network error. Please try again.';

/** Fetches a PDF; throws an Error with the server's message (or a plain one) when none comes back. */
export async function fetchPrintFile(url: string, fallbackName: string): Promise<PrintFile> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new Error(NETWORK_TEXT);
  }
  if (!res.ok) {
    let message = `${res.status}: ${res.statusText || 'The server could not make the PDF.'}`;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  if (blob.type !== 'application/pdf') throw new Error('The server did not send a PDF. Please try again.');
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob, fileName: named ?? fallbackName, qrAddress: res.headers.get('x-qr-address') };
}

/** Saves the file (an object URL and an <a download>, clicked). */
export function savePrintFile(file: PrintFile): void {
  const objectUrl = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = file.fileName;
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}
