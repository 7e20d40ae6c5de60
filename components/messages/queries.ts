import { endpointPages, endpointQuery } from '@/lib/contract/client';
import * as messages from '@/lib/contract/messages';
import type { MessageKindText, MessageStatusText } from '@/lib/messages/kinds';

/** Messages per page of the record. */
export const MESSAGE_PAGE_SIZE = 50;

/** GET /api/messages/summary: failed, held and queued counts, and whether a mail server is set up. */
export const messageSummaryQuery = () => endpointQuery(messages.summary);

/** GET /api/messages, newest first, filtered as the URL says (a filter left out: all). */
export function messageListQuery(filters: {
  status: MessageStatusText | null;
  kind: MessageKindText | null;
}) {
  return endpointPages(messages.list, {
    query: {
      status: filters.status ?? undefined,
      kind: filters.kind ?? undefined,
      limit: MESSAGE_PAGE_SIZE,
    },
  });
}
