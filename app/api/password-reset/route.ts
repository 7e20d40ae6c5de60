import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { requestReset } from '@/lib/contract/password-reset';
import { requestPasswordReset, RESET_REQUESTED_TEXT } from '@/lib/services/account/password-reset';

/**
 * A forgotten password (issue 31): the same 202 and words, in about the same time, whether or not an account
 * uses the address; its holder is emailed a one-time link.
 */
export const POST = route(requestReset, async ({ req, body }) => {
  await requestPasswordReset(body.email, clientIp(req.headers));
  return { message: RESET_REQUESTED_TEXT };
});
