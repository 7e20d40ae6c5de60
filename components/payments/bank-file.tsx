'use client';

import { useState } from 'react';
import { FileDown, Landmark, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BankFileSummary } from '@/lib/dto/payments';
import { errorMessage } from '@/lib/client/api';
import { formatPounds } from '@/lib/money';
import { downloadBankFile } from './payments-api';

const HEADING_ID = 'bank-file-heading';

/** What the last download held and left out, in words. */
export function bankFileSummaryText(s: BankFileSummary): string {
  const payees = s.payees === 1 ? '1 payee' : `${s.payees.toLocaleString('en-GB')} payees`;
  const parts = [`${payees}, ${formatPounds(s.total)} in all.`];
  const left: string[] = [];
  if (s.heldClients) {
    left.push(
      `${s.heldClients === 1 ? '1 client' : `${s.heldClients} clients`} whose bank details wait for approval`,
    );
  }
  if (s.withoutBankDetails) {
    left.push(
      `${s.withoutBankDetails === 1 ? '1 client' : `${s.withoutBankDetails} clients`} without bank details`,
    );
  }
  parts.push(
    left.length
      ? `Left out: ${left.join(' and ')} (see the Outstanding Payments Alert and the Clients tab).`
      : 'Nobody owed was left out.',
  );
  return parts.join(' ');
}

/**
 * 'Bank payment file' (full admins): everything owed now, one line per payee, to upload as a bulk payment in
 * the clinic's online banking. Held clients and clients without bank details are left out; the note after a
 * download says how many.
 */
export function BankFile() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setNote(null);
    try {
      const { blob, filename, summary } = await downloadBankFile();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNote({ text: bankFileSummaryText(summary), error: false });
    } catch (e) {
      setNote({ text: errorMessage(e), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={HEADING_ID}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id={HEADING_ID}>Bank payment file</h2>
        </CardTitle>
        <CardDescription className="col-start-1">
          Everything owed now, one line per payee (account name, sort code, account number, amount, card
          number as the reference), to upload as a bulk payment in your online banking. Then mark the rewards
          paid here.
        </CardDescription>
        <CardAction className="col-start-1 row-span-1 row-start-3 justify-self-start sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={busy || undefined}
            onClick={download}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileDown aria-hidden="true" />}
            Download Bank File
          </Button>
        </CardAction>
      </CardHeader>
      {note && (
        <CardContent>
          <p role="status" className={note.error ? 'text-sm text-destructive' : 'text-sm'}>
            {note.text}
          </p>
        </CardContent>
      )}
    </Card>
  );
}
