import { json, route } from '@/lib/api/route';
import { createStaffUser, listStaffUsers } from '@/lib/services/staff';
import { createStaffUserSchema } from '@/lib/validation/staff';

export const GET = route({ access: 'admin' }, () => listStaffUsers());

export const POST = route({ access: 'admin', body: createStaffUserSchema }, async ({ body }) =>
  json(await createStaffUser(body), { status: 201 }),
);
