import { route } from '@/lib/api/route';
import { unlockStaffUser } from '@/lib/services/staff';
import { idParamSchema } from '@/lib/validation/staff';

/** Clears an account's failed password attempts, so a locked account can sign in again at once. */
export const POST = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That staff account does not exist.' },
  ({ params }) => unlockStaffUser(params.id),
);
