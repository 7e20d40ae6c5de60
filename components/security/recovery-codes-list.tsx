'use client';

import { useState } from 'react';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

const COPIED_RESET_MS = 4000;

/** The codes as a text file: what they are for, then one a line. */
function codesText(codes: string[], email: string): string {
  return [
    `Smile Referrals recovery codes for ${email}`,
    '',
    'Each code works once, in place of the code from your authenticator app or a passkey.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Recovery codes just made (issue 31), shown this once: the list, Copy and Download (.txt), and the words to
 * keep them somewhere safe. Used after setting up the first second factor and after 'Make new codes'.
 */
export function RecoveryCodesList({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  /** The account's, to name the file's contents. */
  email: string;
  /** 'I have saved them': the codes go from the page. */
  onDone: () => void;
}) {
  const [status, setStatus] = useState('');
  const text = codesText(codes, email);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Recovery codes copied.');
    } catch {
      setStatus('Copying did not work in this browser: select the codes and copy them, or download them.');
    }
    setTimeout(() => setStatus(''), COPIED_RESET_MS);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'smile-referrals-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus('Recovery codes downloaded.');
    setTimeout(() => setStatus(''), COPIED_RESET_MS);
  }

  return (
    <section aria-labelledby="recovery-codes-shown" className="grid gap-3">
      <Alert className="border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <TriangleAlert aria-hidden="true" />
        <AlertTitle id="recovery-codes-shown">Save your recovery codes now</AlertTitle>
        <AlertDescription className="text-current">
          They are shown only this once. If you lose your phone or passkey, each code lets you sign in one
          time. Keep them somewhere safe, such as a password manager or a printed copy in a locked drawer.
        </AlertDescription>
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/40 p-4 font-mono text-base"
      >
        {codes.map((code) => (
          <li key={code} translate="no">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="h-11" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="outline" className="h-11" onClick={download}>
          <Download aria-hidden="true" />
          Download (.txt)
        </Button>
        <Button type="button" className="h-11" onClick={onDone}>
          I have saved them
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {status}
      </p>
    </section>
  );
}
