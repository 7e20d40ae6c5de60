'use client';

import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { isLocalAddress } from '@/lib/local-address';
import { fetchPrintFile, savePrintFile, type PrintFile } from './print-download';
import { LocalQrWarningText } from './local-qr-warning';

interface PrintRequest {
  url: string;
  fallbackName: string;
  /** 'Could not make the A6 card of Siobhán O’Neill.' */
  failureText: string;
}

/**
 * Downloads printable PDFs (issue 29, point 13): which one is being made (for the button's spinner), what went
 * wrong (the server's message), and, when the code in it holds an address no patient's phone can open, a
 * confirmation before the file is saved, with the same warning the member's code shows.
 */
export function usePrint(dialogId: string): {
  start: (request: PrintRequest) => Promise<void>;
  busyUrl: string | null;
  error: string | null;
  dialog: ReactNode;
} {
  const [busyUrl, setBusyUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [held, setHeld] = useState<PrintFile | null>(null);
  // The dialog opens after the download, not from a trigger: on closing, focus goes back to the button pressed.
  const pressed = useRef<HTMLElement | null>(null);

  async function start(request: PrintRequest) {
    if (busyUrl) return;
    setBusyUrl(request.url);
    setError(null);
    pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    try {
      const file = await fetchPrintFile(request.url, request.fallbackName);
      if (file.qrAddress && isLocalAddress(file.qrAddress)) setHeld(file);
      else savePrintFile(file);
    } catch (e) {
      setError(`${request.failureText} ${e instanceof Error ? e.message : 'Please try again.'}`);
    } finally {
      setBusyUrl(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={held !== null}
      onOpenChange={(open) => !open && setHeld(null)}
      onCloseAutoFocus={(event) => {
        if (!pressed.current?.isConnected) return;
        event.preventDefault();
        pressed.current.focus();
      }}
      title="This QR code would not work on a patient’s phone"
      description={
        <>
          <LocalQrWarningText /> The code in this PDF opens{' '}
          <span className="font-mono break-all">{held?.qrAddress}</span>.
        </>
      }
      confirmLabel="Save the PDF anyway"
      busyLabel="Saving..."
      destructive={false}
      errorId={`${dialogId}-error`}
      onConfirm={async () => {
        if (held) savePrintFile(held);
        setHeld(null);
      }}
    />
  );

  return { start, busyUrl, error, dialog };
}
