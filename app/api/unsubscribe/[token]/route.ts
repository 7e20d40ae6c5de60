import { route } from '@/lib/api/route';
import { unsubscribe, UNSUBSCRIBE_INVALID_TEXT } from '@/lib/services/messages';
import { linkTokenParamSchema } from '@/lib/validation/params';

/**
 * Turns one kind of message off for the address in the signed link: the page's button, and mail apps'
 * one-click unsubscribe (RFC 8058, List-Unsubscribe-Post), which posts here without a session.
 */
export const POST = route(
  { access: 'public', params: linkTokenParamSchema, notFoundMessage: UNSUBSCRIBE_INVALID_TEXT },
  async ({ params }) => {
    const { kind } = await unsubscribe(params.token);
    return { unsubscribed: true, kind };
  },
);
