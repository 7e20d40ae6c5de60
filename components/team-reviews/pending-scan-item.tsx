'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BadgeCheck, Loader2, X } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import type { PendingScanDto } from '@/lib/dto/team';
import { formatDateTime } from '@/lib/format';
import { PLATFORM_LABELS } from './team-helpers';
import type { ActionResult } from './use-team-reviews';

/** The id of a scan's reviewer-name input, where focus goes when the scan before it leaves the list. */
export const scanInputId = (scanId: string) => `scan-reviewer-${scanId}`;

interface PendingScanItemProps {
  scan: PendingScanDto;
  busy: boolean;
  reviewerName: string;
  onReviewerNameChange: (scanId: string, value: string) => void;
  onApprove: (scan: PendingScanDto, reviewerName: string) => Promise<ActionResult | undefined>;
  onReject: (scan: PendingScanDto) => Promise<ActionResult | undefined>;
}

/** A pending scan: who, when, the visitor's choice; a reviewer name, 'Verify & Approve' and 'Reject'. */
export function PendingScanItem({
  scan,
  busy,
  reviewerName,
  onReviewerNameChange,
  onApprove,
  onReject,
}: PendingScanItemProps) {
  // The parent keeps the typed name (it outlives this row's re-renders); the form reads and reports it.
  const form = useForm<{ reviewerName: string }>({ values: { reviewerName } });
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const inputId = scanInputId(scan.id);
  const errorId = `${inputId}-alert`;
  const named = reviewerName.trim() !== '';
  const when = formatDateTime(scan.scannedTime);

  async function run(kind: 'approve' | 'reject') {
    if (busy) return;
    setError(null);
    setAction(kind);
    const result = kind === 'approve' ? await onApprove(scan, reviewerName.trim()) : await onReject(scan);
    setAction(null);
    if (result && !result.ok) setError(result.message);
  }

  const submit = form.handleSubmit(() => {
    if (named) void run('approve');
  });

  return (
    <li aria-busy={busy || undefined} className="grid grid-cols-1 gap-3 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-medium break-words">{scan.memberName}</h3>
        {scan.platform ? (
          <Badge variant="secondary">Chose {PLATFORM_LABELS[scan.platform]}</Badge>
        ) : (
          <Badge variant="outline">No platform chosen</Badge>
        )}
        <span className="text-sm text-muted-foreground">
          Scanned <time dateTime={scan.scannedTime}>{when}</time>
        </span>
      </div>

      <Form {...form}>
        <form onSubmit={submit} noValidate>
          <FormField
            control={form.control}
            name="reviewerName"
            render={({ field }) => (
              <FormItem id={inputId} describedBy={error ? errorId : undefined}>
                <FormLabel>
                  Reviewer name
                  <span className="sr-only">
                    {' '}
                    for the scan of {scan.memberName} on {when}
                  </span>
                </FormLabel>
                <div className="flex flex-col gap-2 md:flex-row md:items-center">
                  <FormControl>
                    <Input
                      {...field}
                      autoComplete="off"
                      placeholder="As shown on the review"
                      aria-invalid={Boolean(error) || undefined}
                      className="md:max-w-sm"
                      onChange={(e) => {
                        field.onChange(e);
                        onReviewerNameChange(scan.id, e.target.value);
                        setError(null);
                      }}
                    />
                  </FormControl>
                  <div className="flex gap-2">
                    <Button type="submit" disabled={!named || busy} className="flex-1 md:flex-none">
                      {action === 'approve' ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <BadgeCheck aria-hidden="true" />
                      )}
                      {action === 'approve' ? 'Verifying...' : 'Verify & Approve'}
                      <span className="sr-only"> the scan of {scan.memberName}</span>
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      disabled={busy}
                      className="flex-1 md:flex-none"
                      onClick={() => void run('reject')}
                    >
                      {action === 'reject' ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <X aria-hidden="true" />
                      )}
                      {action === 'reject' ? 'Rejecting...' : 'Reject'}
                      <span className="sr-only"> the scan of {scan.memberName}</span>
                    </Button>
                  </div>
                </div>
                <FormDescription className="text-xs">
                  Find the review on {scan.platform ? PLATFORM_LABELS[scan.platform] : 'Google or Trustpilot'}
                  , then enter the reviewer’s name to verify it.
                </FormDescription>
                {error && <ErrorAlert id={errorId} message={error} />}
              </FormItem>
            )}
          />
        </form>
      </Form>
    </li>
  );
}
