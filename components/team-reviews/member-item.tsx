'use client';

import { useState } from 'react';
import { Archive, Download, Loader2, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { LocalQrWarning } from '@/components/qr/local-qr-warning';
import { PrintButton } from '@/components/qr/print-button';
import { usePrint } from '@/components/qr/use-print';
import { Button } from '@/components/ui/button';
import type { TeamMemberDto } from '@/lib/dto/team';
import { isLocalAddress } from '@/lib/local-address';
import { formatPounds } from '@/lib/money';
import { downloadMemberQr, MemberQr } from './member-qr';
import { ReviewLink } from './review-link';
import { memberPrintUrl, type PrintFormat } from './member-links';
import { memberName } from './team-text';

/** The id of a member's heading, where focus can be sent. */
export const memberHeadingId = (memberId: string) => `team-member-${memberId}`;

interface MemberItemProps {
  member: TeamMemberDto;
  isFullAdmin: boolean;
  onRename: (member: TeamMemberDto) => void;
  onArchive: (member: TeamMemberDto) => void;
}

/**
 * One team member: code, QR code (with the address it holds, and a warning when only this network can open it)
 * and its download, review link, reviews and earnings; for full admins, edit the name and archive.
 */
export function MemberItem({ member, isFullAdmin, onRename, onArchive }: MemberItemProps) {
  const name = memberName(member);
  const [downloading, setDownloading] = useState(false);
  const local = isLocalAddress(member.reviewUrl);
  const warningId = `qr-warning-${member.id}`;
  const print = usePrint(`print-${member.id}`);
  const printPiece = (format: PrintFormat) => {
    const piece = format === 'a6' ? 'A6 counter card' : 'A4 poster';
    void print.start({
      url: memberPrintUrl(member.id, format),
      fallbackName: `review-${format}.pdf`,
      failureText: `Could not make the ${piece} of ${name}.`,
    });
  };

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadMemberQr(member);
    } catch (e) {
      console.error('QR code download failed', e);
      toast.error(`Could not download the QR code of ${name}. Please try again.`);
    } finally {
      setDownloading(false);
    }
  }

  const figures: [string, string][] = [
    ['Reviews', member.reviewsCount.toLocaleString('en-GB')],
    ['Total earned', formatPounds(member.totalEarned)],
    ['Earned this month', formatPounds(member.monthlyEarned)],
  ];

  return (
    <li
      aria-labelledby={memberHeadingId(member.id)}
      className="grid grid-cols-1 gap-4 rounded-lg border p-4 sm:grid-cols-[200px_minmax(0,1fr)] sm:gap-6"
    >
      <div className="grid grid-cols-1 justify-items-center gap-2 self-start sm:justify-items-stretch">
        <MemberQr memberId={member.id} name={name} />
        <p className="w-[200px] text-xs break-all text-muted-foreground">
          This code opens <span className="font-mono text-foreground">{member.reviewUrl}</span>
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={download}
          aria-disabled={downloading || undefined}
          aria-describedby={local ? warningId : undefined}
          className="w-[200px] aria-disabled:opacity-50"
        >
          {downloading ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Download QR
          <span className="sr-only"> code of {name}</span>
        </Button>
        {/* Issue 29, point 13: the code at print resolution, on the clinic's card (A6) or poster (A4). */}
        <div
          role="group"
          aria-label={`Print for the desk or a room: ${name}`}
          className="grid w-[200px] grid-cols-2 gap-2"
        >
          {/* The group's name says it (with the member's name) to screen readers. */}
          <p aria-hidden="true" className="col-span-2 text-xs font-medium text-muted-foreground">
            Print for the desk or a room
          </p>
          {(['a6', 'a4'] as const).map((format) => (
            <PrintButton
              key={format}
              busy={print.busyUrl === memberPrintUrl(member.id, format)}
              onClick={() => printPiece(format)}
              aria-describedby={local ? warningId : undefined}
              className="px-2"
            >
              <span className="sr-only">Print </span>
              {format === 'a6' ? 'A6 card' : 'A4 poster'}
              <span className="sr-only"> of {name}</span>
            </PrintButton>
          ))}
          {print.error && (
            <p role="alert" className="col-span-2 text-sm text-destructive">
              {print.error}
            </p>
          )}
        </div>
        {print.dialog}
      </div>

      <div className="grid grid-cols-1 min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="grid grid-cols-1 min-w-0 gap-1">
            <h3
              id={memberHeadingId(member.id)}
              tabIndex={-1}
              className="rounded-sm text-lg font-semibold break-words outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {name}
            </h3>
            <p className="text-sm text-muted-foreground">
              Code <span className="font-mono text-foreground">{member.qrCode}</span>
            </p>
          </div>
          {isFullAdmin && (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => onRename(member)}>
                <Pencil aria-hidden="true" />
                Edit name
                <span className="sr-only"> of {name}</span>
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => onArchive(member)}>
                <Archive aria-hidden="true" />
                Archive
                <span className="sr-only"> {name}</span>
              </Button>
            </div>
          )}
        </div>

        {local && <LocalQrWarning id={warningId} />}

        <dl className="grid grid-cols-3 gap-2" aria-label={`Reviews and earnings of ${name}`}>
          {figures.map(([label, value]) => (
            <div
              key={label}
              className="grid grid-cols-1 content-start gap-0.5 rounded-lg bg-muted/60 px-3 py-2"
            >
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>

        <ReviewLink url={member.reviewUrl} name={name} />
      </div>
    </li>
  );
}
