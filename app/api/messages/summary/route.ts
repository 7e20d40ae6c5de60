import { route } from '@/lib/api/route';
import * as messages from '@/lib/contract/messages';
import { messageSummary } from '@/lib/services/messages';

/** How many messages failed, are held unsent or queued, and whether a mail server is set up. */
export const GET = route(messages.summary, () => messageSummary());
