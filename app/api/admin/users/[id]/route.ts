import { route } from '@/lib/api/route';
import { removeStaff, updateStaff } from '@/lib/contract/auth';
import { removeStaffUser, setFullAdmin } from '@/lib/services/staff';

export const PATCH = route(updateStaff, ({ user, params, body }) =>
  setFullAdmin(user.id, params.id, body.isFullAdmin),
);

export const DELETE = route(removeStaff, async ({ user, params }) => {
  await removeStaffUser(user.id, params.id);
  return null;
});
