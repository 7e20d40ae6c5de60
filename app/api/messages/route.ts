import { pagedJson, route } from '@/lib/api/route';
import * as messages from '@/lib/contract/messages';
import { listMessages } from '@/lib/services/messages';

/** Every message the app wrote (issue 17), newest first, paged; status, kind and recipient (q) filters. */
export const GET = route(messages.list, async ({ query }) => pagedJson(await listMessages(query)));
