/**
 * The messages endpoints' declarations (issue 30): see lib/contract/endpoint.ts. Each export is one endpoint;
 * lib/contract/index.ts gathers them for /api/openapi.json.
 */
import { heldMessagesQueuedSchema, messageSchema, messageSummarySchema } from '@/lib/dto/messages';
import { messageListQuerySchema } from '@/lib/validation/message-list';
import { idParamSchema } from '@/lib/validation/params';
import { endpoint } from './endpoint';

const NO_MAIL_SERVER =
  'No mail server is set up (SMTP_URL): set it and restart the app first. Nothing is changed.';

export const list = endpoint({
  method: 'GET',
  path: '/api/messages',
  access: 'admin',
  tag: 'Messages',
  area: 'messages',
  summary: 'Every email the app wrote, newest first, with its delivery state.',
  description:
    'Paged (`limit` 1 to 500, default 100; `cursor` from X-Next-Cursor; X-Total-Count is the number ' +
    'matching). Filters: `status`, `kind`, and `q`, part of the recipient’s address. A message’s body is ' +
    'never answered; the recipient is null once their data was erased.',
  query: messageListQuerySchema,
  response: messageSchema,
  paged: true,
});

export const summary = endpoint({
  method: 'GET',
  path: '/api/messages/summary',
  access: 'admin',
  tag: 'Messages',
  area: 'messages',
  summary: 'How many messages failed, are held unsent, or are queued, and whether a mail server is set up.',
  description: 'The dashboard’s and the Messages page’s counts.',
  response: messageSummarySchema,
});

export const retry = endpoint({
  method: 'POST',
  path: '/api/messages/{id}/retry',
  access: 'admin',
  tag: 'Messages',
  area: 'messages',
  summary: 'Sends a failed message again.',
  description:
    'The message is queued now, with another 24 hours of retries; the answer is the message as it now is.',
  params: idParamSchema,
  response: messageSchema,
  errors: {
    409: `Only a message that failed (and still has a recipient) can be sent again; or: ${NO_MAIL_SERVER}`,
  },
  invalidates: ['messages'],
  notFoundMessage: 'That message does not exist.',
});

export const sendHeld = endpoint({
  method: 'POST',
  path: '/api/messages/send-held',
  access: 'admin',
  tag: 'Messages',
  area: 'messages',
  summary: 'Queues every message held unsent because there was no mail server when it was written.',
  description:
    'Held messages whose recipient was erased stay held. A ‘reward paid’ email still inside its undo window ' +
    'keeps its time. `queued` is how many were queued.',
  response: heldMessagesQueuedSchema,
  errors: { 409: NO_MAIL_SERVER },
  invalidates: ['messages'],
});
