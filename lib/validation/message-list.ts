import { MESSAGE_KINDS, MESSAGE_STATUSES } from '@/lib/messages/kinds';
import { pageQuerySchema } from './paging';
import { z } from './zod';

export const MESSAGE_STATUS_TEXT = `status must be one of ${MESSAGE_STATUSES.join(', ')}`;
export const MESSAGE_KIND_TEXT = `kind must be one of ${MESSAGE_KINDS.join(', ')}`;

const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** GET /api/messages: pages (limit, cursor), newest first, filtered by status, kind, or a recipient (q). */
export const messageListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankIsAbsent, z.enum(MESSAGE_STATUSES, { error: MESSAGE_STATUS_TEXT }).optional()),
  kind: z.preprocess(blankIsAbsent, z.enum(MESSAGE_KINDS, { error: MESSAGE_KIND_TEXT }).optional()),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;
