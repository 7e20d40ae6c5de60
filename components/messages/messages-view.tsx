'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Mail, RotateCw, Send } from 'lucide-react';
import { parseAsStringLiteral, useQueryStates } from 'nuqs';
import { QueryLoadMore } from '@/components/shared/load-more';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { MessageDto } from '@/lib/dto/messages';
import { formatDateTime } from '@/lib/format';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  NO_MAIL_SERVER_TEXT,
  type MessageStatusText,
} from '@/lib/messages/kinds';
import { toLoad } from '@/lib/query/load';
import { pagedItems, pagedTotal } from '@/lib/query/paged';
import { useRetryMessage, useSendHeldMessages } from './mutations';
import { messageListQuery, messageSummaryQuery } from './queries';

const filterParsers = {
  status: parseAsStringLiteral(MESSAGE_STATUSES),
  kind: parseAsStringLiteral(MESSAGE_KINDS),
};

const STATUS_BADGE: Record<MessageStatusText, 'default' | 'secondary' | 'destructive' | 'warning'> = {
  sent: 'default',
  queued: 'secondary',
  unsent: 'warning',
  failed: 'destructive',
  cancelled: 'secondary',
};

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

/**
 * Every message the app wrote (issue 17), newest first: who it went to, what it was, whether it was sent and,
 * when not, why. Filters live in the URL. Held messages (no mail server when they were written) are sent on
 * from here once SMTP_URL is set; a failed one can be sent again.
 */
export function MessagesView() {
  const [filters, setFilters] = useQueryStates(filterParsers, { history: 'replace' });
  const summary = useQuery(messageSummaryQuery());
  const query = useInfiniteQuery(messageListQuery(filters));
  const load = toLoad({ ...query, data: query.data });
  const messages = pagedItems(query.data);
  const total = pagedTotal(query.data);
  // A change asks for the record and its counts again (the endpoints' `invalidates`).
  const sendHeld = useSendHeldMessages();

  const held = summary.data?.unsent ?? 0;
  return (
    <div className="grid gap-4">
      {summary.data && !summary.data.mailServer && (
        <Alert>
          <Mail aria-hidden="true" />
          <AlertTitle>No mail server is set up</AlertTitle>
          <AlertDescription>
            <p>
              Messages are kept, not sent. Set <code>SMTP_URL</code> and <code>MAIL_FROM</code> in the app’s
              environment and restart it; then send the held messages from here.
            </p>
          </AlertDescription>
        </Alert>
      )}
      {held > 0 && summary.data?.mailServer && (
        <Alert>
          <Send aria-hidden="true" />
          <AlertTitle>
            {held.toLocaleString('en-GB')} {held === 1 ? 'message was' : 'messages were'} kept while no mail
            server was set up
          </AlertTitle>
          <AlertDescription>
            <Button type="button" size="sm" onClick={() => sendHeld.mutate({})} disabled={sendHeld.isPending}>
              Send held messages
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle role="heading" aria-level={2}>
            Sent and waiting
          </CardTitle>
          <CardDescription>Email the app sent or is about to send, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          <div className="flex flex-wrap gap-4">
            <div className="grid gap-1">
              <Label htmlFor="message-status">Status</Label>
              <select
                id="message-status"
                className={selectClass}
                value={filters.status ?? ''}
                onChange={(e) =>
                  void setFilters({ status: (e.target.value || null) as MessageStatusText | null })
                }
              >
                <option value="">All</option>
                {MESSAGE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {MESSAGE_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="message-kind">Kind</Label>
              <select
                id="message-kind"
                className={selectClass}
                value={filters.kind ?? ''}
                onChange={(e) =>
                  void setFilters({ kind: (e.target.value || null) as (typeof MESSAGE_KINDS)[number] | null })
                }
              >
                <option value="">All</option>
                {MESSAGE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {MESSAGE_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {load.status === 'loading' && <LoadingRows label="Loading messages" />}
          {load.status === 'error' && (
            <LoadError message={load.message} onRetry={() => void query.refetch()} />
          )}
          {load.status === 'ready' && messages.length === 0 && (
            <EmptyState icon={Mail}>
              No messages{filters.status || filters.kind ? ' match these filters' : ' yet'}.
            </EmptyState>
          )}
          {messages.length > 0 && (
            <div className="overflow-x-auto">
              <Table aria-label="Messages">
                <TableHeader>
                  <TableRow>
                    <TableHead>To</TableHead>
                    <TableHead>Message</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>When</TableHead>
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {messages.map((m) => (
                    <MessageRow key={m.id} message={m} />
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <QueryLoadMore
            query={query}
            shownText={`Showing ${messages.length} of ${total.toLocaleString('en-GB')}`}
            label="Load more messages"
          />
        </CardContent>
      </Card>
    </div>
  );
}

function MessageRow({ message }: { message: MessageDto }) {
  const retry = useRetryMessage();
  const problem =
    message.status === 'unsent' && message.lastError === NO_MAIL_SERVER_TEXT
      ? 'Not sent: no mail server set up'
      : message.lastError;
  return (
    <TableRow>
      <TableCell className="align-top">
        <div className="grid max-w-56">
          <span className="truncate">{message.to ?? 'Erased'}</span>
          {message.toName && <span className="text-xs text-muted-foreground">{message.toName}</span>}
        </div>
      </TableCell>
      <TableCell className="align-top whitespace-normal">
        <div className="grid max-w-80">
          <span className="font-medium">{message.subject}</span>
          <span className="text-xs text-muted-foreground">{MESSAGE_KIND_LABELS[message.kind]}</span>
        </div>
      </TableCell>
      <TableCell className="align-top whitespace-normal">
        <div className="grid max-w-72 gap-1">
          <Badge variant={STATUS_BADGE[message.status]}>{MESSAGE_STATUS_LABELS[message.status]}</Badge>
          <span className="text-xs text-muted-foreground">
            {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
            {message.status === 'queued' && message.nextAttemptAt && message.attempts > 0
              ? ` · next ${formatDateTime(message.nextAttemptAt)}`
              : ''}
            {/* A 'reward paid' email waiting out its undo window (issue 29). */}
            {message.status === 'queued' && message.nextAttemptAt && message.attempts === 0
              ? ` · sends ${formatDateTime(message.nextAttemptAt)}`
              : ''}
          </span>
          {problem && <span className="text-xs break-words text-destructive">{problem}</span>}
        </div>
      </TableCell>
      <TableCell className="align-top text-xs">
        {formatDateTime(message.sentAt ?? message.createdAt)}
        <span className="sr-only">{message.sentAt ? ' (sent)' : ' (written)'}</span>
      </TableCell>
      <TableCell className="align-top">
        {message.status === 'failed' && message.to && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => retry.mutate({ params: { id: message.id } })}
            disabled={retry.isPending}
          >
            <RotateCw aria-hidden="true" />
            Send again
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
