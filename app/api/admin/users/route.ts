import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { createStaff, listStaff } from '@/lib/contract/auth';
import { inviteStaff } from '@/lib/services/account/invites';
import { createStaffUser, listStaffUsers } from '@/lib/services/staff';

export const GET = route(listStaff, () => listStaffUsers());

/**
 * A new member of staff: invited by email (issue 31: they choose their own password), or made at once with
 * the password given (the form the route had before).
 */
export const POST = route(createStaff, ({ body, user, req }) => {
  const { email, isFullAdmin, password } = body;
  if (body.invite === true || password === undefined) {
    return inviteStaff(user, { email, isFullAdmin }, clientIp(req.headers));
  }
  return createStaffUser({ email, password, isFullAdmin });
});
