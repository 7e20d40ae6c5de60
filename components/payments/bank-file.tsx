'use client';

import { useState } from 'react';
import { FileDown, Landmark, Loader2 } from 'lucide-react';
import { AlertDialogCancel, AlertDialogFooter } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import type { BankFileLeftOutDto, BankFilePreviewDto, BankFileSummary } from '@/lib/dto/payments';
import { errorMessage } from '@/lib/client/api';
import { noticeSecondFactor } from '@/lib/client/second-factor-events';
import { formatPounds } from '@/lib/money';
import { call } from '@/lib/contract/client';
import * as payments from '@/lib/contract/payments';
import { ConfirmFrame } from './confirm-frame';
import { downloadBankFile } from './queries';
import { ToolCard } from './tool-card';

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

const LEFT_OUT_REASON: Record<BankFileLeftOutDto['reason'], string> = {
  held: 'bank details wait for a full admin’s approval',
  'no-bank-details': 'no bank details on file',
};

const payeesLabel = (n: number) => (n === 1 ? '1 payee' : `${n.toLocaleString('en-GB')} payees`);

/** The dialog's words for what the file holds (issue 29, point 9): said before anything is downloaded. */
export function bankFilePreviewText(p: BankFileSummary): string {
  if (p.payees === 0) {
    const owed = p.heldClients + p.withoutBankDetails;
    return owed === 0
      ? 'Nobody is owed a reward right now, so there is no bank file to make.'
      : `Nobody owed a reward can be paid by bank transfer yet, so the file would be empty: ${owed === 1 ? 'the 1 client' : `all ${owed} clients`} owed are left out (below).`;
  }
  return `The file pays ${payeesLabel(p.payees)}, ${formatPounds(p.total)} in all: one line each with the account name, sort code, account number, amount and card number as the reference.`;
}

/**
 * 'Bank payment file' (full admins): everything owed now, one line per payee, to upload as a bulk payment in
 * the clinic's online banking. Before downloading it says how many payees it holds and who is left out and why
 * (held for approval, no bank details); a file with nobody in it is not offered.
 */
export function BankFile() {
  const [preview, setPreview] = useState<BankFilePreviewDto | null>(null);
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function check() {
    if (checking) return;
    setChecking(true);
    setNote(null);
    try {
      setPreview(await call(payments.bankFilePreview));
      setOpen(true);
    } catch (e) {
      noticeSecondFactor(e);
      setNote({ text: errorMessage(e), error: true });
    } finally {
      setChecking(false);
    }
  }

  async function download() {
    if (busy) return;
    setBusy(true);
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
      setNote({ text: `Downloaded ${filename}: ${bankFileSummaryText(summary)}`, error: false });
      setOpen(false);
    } catch (e) {
      noticeSecondFactor(e);
      setNote({ text: errorMessage(e), error: true });
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  const empty = preview !== null && preview.payees === 0;

  return (
    <ToolCard
      headingId={HEADING_ID}
      icon={Landmark}
      title="Bank payment file"
      description="The file to upload as a bulk payment in your online banking: everything owed now, one line per payee (account name, sort code, account number, amount, card number as the reference). You see who it pays and who it leaves out before it downloads. Then mark the rewards paid here."
      action={
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-disabled={checking || undefined}
          onClick={() => void check()}
        >
          {checking ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <FileDown aria-hidden="true" />
          )}
          Download Bank File
        </Button>
      }
    >
      {note && (
        <CardContent>
          <p role="status" className={note.error ? 'text-sm text-destructive' : 'text-sm'}>
            {note.text}
          </p>
        </CardContent>
      )}
      {preview && (
        <ConfirmFrame
          open={open}
          onOpenChange={(next) => !busy && setOpen(next)}
          title={empty ? 'No bank file to download' : 'Download the bank file?'}
          descriptionId="bank-file-preview"
          description={
            <>
              <p>{bankFilePreviewText(preview)}</p>
              {preview.leftOut.length > 0 && (
                <>
                  <p className="font-medium text-foreground">
                    Left out ({preview.leftOut.length.toLocaleString('en-GB')}):
                  </p>
                  {/* It scrolls when long, so it takes focus: a keyboard can scroll it too. */}
                  <ul
                    className="grid max-h-48 gap-1 overflow-y-auto rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    aria-label="Left out of the bank file"
                    tabIndex={0}
                  >
                    {preview.leftOut.map((c) => (
                      <li key={c.clientId} className="break-words">
                        <span className="font-medium text-foreground">{c.clientName}</span>,{' '}
                        {formatPounds(c.owed)}: {LEFT_OUT_REASON[c.reason]}
                      </li>
                    ))}
                  </ul>
                  <p>
                    Approve held details in the Outstanding Payments Alert or on the Clients tab; ask clients
                    without bank details for them from the Clients tab.
                  </p>
                </>
              )}
            </>
          }
          footer={
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={busy}>
                {empty ? 'Close' : 'Cancel'}
              </AlertDialogCancel>
              {!empty && (
                <Button
                  type="button"
                  aria-disabled={busy || undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                  onClick={() => void download()}
                >
                  {busy ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <FileDown aria-hidden="true" />
                  )}
                  {`Download file (${payeesLabel(preview.payees)})`}
                </Button>
              )}
            </AlertDialogFooter>
          }
        />
      )}
    </ToolCard>
  );
}
