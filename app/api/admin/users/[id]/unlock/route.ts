import { route } from '@/lib/api/route';
import { unlockStaff } from '@/lib/contract/auth';
import { unlockStaffUser } from '@/lib/services/staff';

/** Clears an account's failed password attempts, so a locked account can sign in again at once. */
export const POST = route(unlockStaff, ({ params }) => unlockStaffUser(params.id));
