'use client';

import { useState } from 'react';
import { Archive, Download, Loader2, Pencil, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import type { TeamMemberDto } from '@/lib/dto/team';
import { isLocalAddress } from '@/lib/local-address';
import { formatPounds } from '@/lib/money';
import { MemberQr } from './member-qr';
import { ReviewLink } from './review-link';
import { downloadMemberQr } from './team-api';
import { memberName } from './team-helpers';

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

        {local && (
          <div
            id={warningId}
            role="note"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              Do not print this QR code yet: it holds an address only this computer or network can open, so a
              patient’s phone will find nothing. Set <span className="font-mono">APP_URL</span> to the
              clinic’s public address (see the README) and restart the app.
            </p>
          </div>
        )}

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
