import { pagedJson, route } from '@/lib/api/route';
import { listMessages } from '@/lib/services/messages';
import { messageListQuerySchema } from '@/lib/validation/message-list';

/** Every message the app wrote (issue 17), newest first, paged; status, kind and recipient (q) filters. */
export const GET = route({ access: 'admin', query: messageListQuerySchema }, async ({ query }) =>
  pagedJson(await listMessages(query)),
);
