import { route } from '@/lib/api/route';
import * as messages from '@/lib/contract/messages';
import { sendHeldMessages } from '@/lib/services/messages';

/** Queues every message kept as unsent (no mail server when it was written); 409 while there is still none. */
export const POST = route(messages.sendHeld, () => sendHeldMessages());
