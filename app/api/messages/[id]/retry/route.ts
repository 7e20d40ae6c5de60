import { route } from '@/lib/api/route';
import * as messages from '@/lib/contract/messages';
import { retryMessage } from '@/lib/services/messages';

/** Sends a failed message again (another 24 hours of retries). */
export const POST = route(messages.retry, ({ params }) => retryMessage(params.id));
