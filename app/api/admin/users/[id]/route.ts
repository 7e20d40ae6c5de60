import { route } from '@/lib/api/route';
import { removeStaffUser, setFullAdmin } from '@/lib/services/staff';
import { idParamSchema, updateStaffUserSchema } from '@/lib/validation/staff';

export const PATCH = route(
  { access: 'admin', params: idParamSchema, body: updateStaffUserSchema },
  ({ user, params, body }) => setFullAdmin(user.id, params.id, body.isFullAdmin),
);

export const DELETE = route({ access: 'admin', params: idParamSchema }, async ({ user, params }) => {
  await removeStaffUser(user.id, params.id);
  return null;
});
