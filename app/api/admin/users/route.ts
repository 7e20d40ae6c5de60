import { route } from '@/lib/api/route';
import { createStaff, listStaff } from '@/lib/contract/auth';
import { createStaffUser, listStaffUsers } from '@/lib/services/staff';

export const GET = route(listStaff, () => listStaffUsers());

export const POST = route(createStaff, ({ body }) => createStaffUser(body));
