import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { resetPassword as resetPasswordEndpoint } from '@/lib/contract/password-reset';
import { resetPassword, RESET_DONE_TEXT } from '@/lib/services/account/password-reset';

/**
 * A new password through an emailed link (issue 31): once; every session of the account ends. A used, expired,
 * replaced or unknown link is refused in words (409, 410, 404); failures count against the caller's address.
 */
export const POST = route(resetPasswordEndpoint, async ({ req, params, body }) => {
  await resetPassword(params.token, body.newPassword, clientIp(req.headers));
  return { message: RESET_DONE_TEXT };
});
